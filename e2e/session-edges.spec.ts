import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { COOKIE_NAMES, TEXTS, SHELL_TEXTS, PROFILE_TEXTS, type AccountExport } from '@hiraku/shared';
import { createConfirmedMember, logInThroughApi, type TestMember } from './support/members';
import { createUserWithCli } from './support/operators';
import { gate } from './support/gate';

/**
 * The edges of a member's session a new member runs into: a failed session check, a failed logout,
 * the data download after the 15-minute access cookie has gone, and the header at 375 px.
 */

async function signedInMember(page: Page, label: string): Promise<TestMember> {
  const member = await createConfirmedMember(page.request, label);
  await logInThroughApi(page.request, member);
  return member;
}

function footer(page: Page) {
  return page.getByRole('navigation', { name: SHELL_TEXTS.footer.navLabel });
}

async function openMoreMenu(page: Page) {
  await footer(page).getByRole('button', { name: SHELL_TEXTS.moreMenu.button }).click();
  return page.getByRole('menu');
}

test('a failing session check (5xx or no answer) keeps a member signed in; only a 401 sends them to login', async ({ page }) => {
  await signedInMember(page, 'check');
  await page.goto('/faq');
  const goTo = async (item: string, path: RegExp) => {
    await (await openMoreMenu(page)).getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(path);
  };
  // Known to be signed in first (the menu offers logout), so the faults below meet a member.
  await expect((await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout })).toBeVisible();
  await page.keyboard.press('Escape');
  // Every route change checks the session; the members' page must stay open whatever the check meets.
  for (const fault of ['5xx', 'no answer'] as const) {
    await page.route('**/api/auth/me', (route) =>
      fault === '5xx' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"internal_error","message":"x"}' }) : route.abort('connectionreset'),
    );
    await goTo(SHELL_TEXTS.moreMenu.glossary, /\/glossary$/);
    await goTo(SHELL_TEXTS.moreMenu.deleteAccount, /\/delete-account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'アカウント削除' })).toBeVisible();
    await page.unroute('**/api/auth/me');
  }

  // The session really ended (no cookies, so the refresh is refused too): now /login is right.
  await page.context().clearCookies();
  await goTo(SHELL_TEXTS.moreMenu.glossary, /\/glossary$/);
  await expect((await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.deleteAccount })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/delete-account');
  await expect(page).toHaveURL(/\/login$/);
});

test('a logout the server never confirmed says the member is still signed in, and ends the session once it can', async ({ page }) => {
  await signedInMember(page, 'logout');
  await page.goto('/dashboard');
  let refuse = true;
  let tries = 0;
  await page.route('**/api/auth/logout', async (route) => {
    tries += 1;
    if (refuse) await route.abort('internetdisconnected');
    else await route.continue();
  });

  await (await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout }).click();
  await expect(page.getByText(TEXTS.account.logoutPending)).toBeVisible();
  // Still signed in, and the menu still offers the way out.
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  await expect((await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout })).toBeVisible();
  await page.keyboard.press('Escape');

  // The server can be reached again: the retry ends the session there and the page says so.
  refuse = false;
  await expect(page.getByText(TEXTS.account.logoutSucceeded)).toBeVisible({ timeout: 20_000 });
  expect(tries).toBeGreaterThanOrEqual(2);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await expect((await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout })).toHaveCount(0);
});

test('a logout still pending when the page is reloaded is finished by the next page', async ({ page }) => {
  await signedInMember(page, 'reload');
  await page.goto('/reports');
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  await (await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout }).click();
  await expect(page.getByText(TEXTS.account.logoutPending)).toBeVisible();
  await page.unroute('**/api/auth/logout');

  await page.reload();
  await expect.poll(async () => (await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('a login made while the last page’s logout is still answering keeps its new session', async ({ page }) => {
  const member = await signedInMember(page, 'relogin');
  await page.goto('/reports');
  await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
  await (await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout }).click();
  await expect(page.getByText(TEXTS.account.logoutPending)).toBeVisible();
  await page.unroute('**/api/auth/logout');

  // The next page retries the logout at once; its answer (which deletes the session cookies) is held
  // until the member has pressed ログイン, so a login that did not wait for it would be answered first.
  const order: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/login')) order.push('login sent');
  });
  const submitted = gate();
  const logoutAnswered = gate();
  await page.route('**/api/auth/logout', async (route) => {
    const response = await route.fetch();
    await submitted.opened;
    await route.fulfill({ response });
    order.push('logout answered');
    logoutAnswered.open();
  });

  await page.goto('/login');
  const form = page.getByRole('main');
  await form.getByLabel('メールアドレス').fill(member.email);
  await form.getByLabel('パスワード').fill(member.password);
  await form.getByRole('button', { name: 'ログイン' }).click();
  submitted.open();
  await logoutAnswered.opened;

  // A new member's first login opens the tutorial.
  await expect(page).toHaveURL(/\/tutorial$/);
  await expect(page.getByText(TEXTS.account.loginSucceeded)).toBeVisible();
  expect(order).toEqual(['logout answered', 'login sent']);
  await expect.poll(async () => (await page.request.get('/api/auth/me')).status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a members’ call refused in the middle of a logout ends on the top page, not on an expired session', async ({ page }) => {
  await signedInMember(page, 'logoutrace');
  // The bell's count leaves as the page opens (the live stream, which could bring it first, is kept
  // out); it is held until the server has ended the session, so it comes back 401 and its refresh is
  // refused (CI once met this order by chance: the member, who had just logged out, landed on /login
  // told their session was invalid).
  await page.route('**/api/notifications/stream', (route) => route.abort('connectionrefused'));
  const countMayGo = gate();
  await page.route('**/api/notifications/unread-count', async (route) => {
    await countMayGo.opened;
    await route.continue();
  });
  const countSent = page.waitForRequest('**/api/notifications/unread-count');
  await page.goto('/delete-account');
  await countSent;

  // The refresh that follows is answered only after the logout's answer has reached the page.
  const refreshMayGo = gate();
  await page.route('**/api/auth/refresh', async (route) => {
    const response = await route.fetch();
    await refreshMayGo.opened;
    await route.fulfill({ response });
  });
  const refreshSent = page.waitForRequest('**/api/auth/refresh');
  await page.route('**/api/auth/logout', async (route) => {
    const response = await route.fetch();
    countMayGo.open();
    await refreshSent;
    await route.fulfill({ response });
  }, { times: 1 });

  let logoutCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/logout')) logoutCalls += 1;
  });
  await (await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.account.logoutSucceeded)).toBeVisible();
  const refused = page.waitForResponse('**/api/auth/refresh');
  refreshMayGo.open();
  expect((await refused).status()).toBe(401);
  await (await refused).finished();
  // Two frames after the refusal, the page has handled it: an expired session would have sent a second
  // logout by then (the way to /login, which loads that screen's code first, can take longer).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(logoutCalls).toBe(1);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(TEXTS.account.sessionInvalid)).toHaveCount(0);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('the data download refreshes an expired access cookie like every other call', async ({ page }) => {
  const member = await signedInMember(page, 'download');
  await page.goto('/reports');
  // What the browser does after 15 minutes: the access cookie is gone, the refresh cookie is not.
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === COOKIE_NAMES.refresh)).toBe(true);
  await page.context().clearCookies({ name: COOKIE_NAMES.access });

  const downloading = page.waitForEvent('download');
  await (await openMoreMenu(page)).getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.exportData }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hiraku-.+\.json$/);
  const file = await download.path();
  const data = JSON.parse(await fs.readFile(file, 'utf8')) as AccountExport;
  expect(data.account.email).toBe(member.email);
  await expect(page).toHaveURL(/\/reports$/);
});

test('at 375 px a visitor sees the whole search placeholder beside the login link @mobile', async ({ page }) => {
  await page.goto('/faq');
  const input = page.getByRole('searchbox', { name: SHELL_TEXTS.search.label });
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();
  const room = await input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const placeholder = getComputedStyle(element, '::placeholder');
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
    const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { inner, text: context.measureText(element.placeholder).width };
  });
  expect(room.text).toBeGreaterThan(0);
  expect(room.inner).toBeGreaterThanOrEqual(room.text);
});

test('a failed profile check says so; a report form that gets no answer says an error happened while sending', async ({ page }) => {
  const username = `確認テスト${Date.now() % 10000}`;
  await logInThroughApi(page.request, await createUserWithCli('forms', { username }));
  await page.route('**/api/profile/check', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_error","message":"x"}' }));
  await page.goto('/profile');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(TEXTS.profile.checkFailed);
  await page.unroute('**/api/profile/check');
  // The check answers: there is a profile, so it is loaded for editing.
  await page.getByRole('main').getByRole('button', { name: PROFILE_TEXTS.form.retry }).click();
  await expect(page.getByRole('main').getByLabel(PROFILE_TEXTS.form.username)).toHaveValue(username);

  // The report form (a draft needs only a title) when the server never answers.
  await page.goto('/create-report');
  const form = page.getByRole('main');
  await form.getByLabel('タイトル').fill('届かない下書き');
  await page.route('**/api/reports', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));
  await form.getByRole('button', { name: TEXTS.report.form.saveDraft }).click();
  await expect(form.getByText(TEXTS.report.submitError, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/create-report$/);
});
