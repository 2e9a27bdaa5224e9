import type { Browser, Page } from '@playwright/test';
import { LIMITS, MODERATION_TEXTS, SECURITY_TEXTS, TAKEDOWN_TEXTS, TEXTS, TRUST_PATHS, formatDateTimeJa, type CasePage } from '@hiraku/shared';
import { expect, test } from './support/test';
import { E2E_BASE_URL } from './support/env';
import { mailboxSnapshot, tokenLinkIn, waitForMailTo } from './support/mailbox';
import { logInThroughApi, xsrfHeaders } from './support/members';
import { decide } from './support/moderation';
import { createUserWithCli, signedInOperator } from './support/operators';
import { main } from './support/page';
import { createReportThroughApi } from './support/reports';
import { totpCode } from './support/twoFactor';

/**
 * Issue 21 in a real browser: a visitor asks for a takedown and confirms from the mail, the operators'
 * queue has it with its clock; an operator turns on two-factor sign-in by reading the secret from the
 * page and logs in again with a code; a member signs another browser out.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const suffix = () => Math.random().toString(36).slice(2, 8);

async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await main(page).getByLabel('メールアドレス').fill(email);
  await main(page).getByLabel('パスワード').fill(password);
  await main(page).getByRole('button', { name: 'ログイン' }).click();
}

async function newPage(browser: Browser, options: { userAgent?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, ...options });
  return context.newPage();
}

test('a visitor asks for a takedown, confirms the address from the mail, and the operators have it with its clock', async ({ page, browser }) => {
  // A visitor, the mail and an operator's queue in one test: it ran past the default minute on CI's two shared cores.
  test.setTimeout(120_000);
  const author = await newPage(browser);
  await logInThroughApi(author.request, await createUserWithCli('takedown-author', { username: `書き手${suffix()}` }));
  const title = `削除を求められる記録${suffix()}`;
  const reportId = await createReportThroughApi(author.request, title);
  const email = `takedown-${suffix()}@example.jp`;

  await page.goto('/');
  // The form learns the site's own origin from the server (GET /api/site-config) once it opens.
  const siteConfig = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/site-config');
  await page.getByRole('navigation', { name: TEXTS.shell.footer.trustLabel }).getByRole('link', { name: TEXTS.shell.pageTitles.takedownRequest }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: TAKEDOWN_TEXTS.title })).toBeVisible();
  // Issue 39: the form says where to go for another site's content.
  await expect(main(page).getByText(TAKEDOWN_TEXTS.otherSites)).toBeVisible();
  await expect(main(page).getByRole('link', { name: TAKEDOWN_TEXTS.otherSitesLink })).toHaveAttribute('href', TRUST_PATHS.reportIllegalContent);
  await siteConfig;
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/takedown-requests')) sent.push(request.url());
  });
  const urlField = main(page).getByLabel(TAKEDOWN_TEXTS.urlLabel);
  await urlField.fill('https://example.com/foo');
  await main(page).getByLabel(TAKEDOWN_TEXTS.requesterLabel).selectOption({ label: TEXTS.takedown.requesters.self });
  await main(page).getByLabel(TAKEDOWN_TEXTS.reasonLabel).selectOption({ label: TEXTS.takedown.reasons.intimateImage });
  await main(page).getByLabel(TAKEDOWN_TEXTS.descriptionLabel).fill('私が写っている画像が、私の同意なく掲載されています。削除をお願いします。');
  await main(page).getByLabel(TAKEDOWN_TEXTS.emailLabel).fill(email);
  // Another site's address: refused at the field, in the browser, with the focus there; nothing is sent.
  await main(page).getByRole('button', { name: TAKEDOWN_TEXTS.submit }).click();
  await expect(urlField).toHaveAttribute('aria-invalid', 'true');
  await expect(urlField).toHaveAccessibleDescription(new RegExp(TEXTS.takedown.urlElsewhere));
  await expect(urlField).toBeFocused();
  // A page of ours that is no report, comment or profile: the same, with its own message.
  await urlField.fill(`${E2E_BASE_URL}/reports`);
  await main(page).getByRole('button', { name: TAKEDOWN_TEXTS.submit }).click();
  await expect(urlField).toHaveAccessibleDescription(new RegExp(TEXTS.takedown.urlNotContent));
  await expect(urlField).toBeFocused();
  expect(sent).toEqual([]);

  await urlField.fill(`${E2E_BASE_URL}/reports/${reportId}`);
  const seen = await mailboxSnapshot();
  await main(page).getByRole('button', { name: TAKEDOWN_TEXTS.submit }).click();
  await expect(main(page).getByText(TEXTS.takedown.received)).toBeVisible();

  const mail = await waitForMailTo(email, TEXTS.takedown.mail.confirmSubject, seen);
  const receiptSeen = await mailboxSnapshot();
  const confirmedAt = Date.now();
  await page.goto(tokenLinkIn(mail, '/takedown-request/confirm'));
  await expect(main(page).getByText(TEXTS.takedown.confirmed)).toBeVisible();
  const receipt = await waitForMailTo(email, TEXTS.takedown.mail.receiptSubject, receiptSeen);
  expect(receipt.text).toContain(TEXTS.takedown.mail.receiptClockIntimate);

  // The operator's queue: the takedown case on that report, first in line, due two days after the confirmation.
  const operator = await newPage(browser);
  await signedInOperator(operator.request, 'takedown-operator');
  const queue = await operator.request.get('/api/moderation/cases?type=takedown');
  expect(queue.status()).toBe(200);
  const item = ((await queue.json()) as CasePage).items.find((entry) => entry.target.path === `/reports/${reportId}`);
  expect(item?.type).toBe('takedown');
  const dueIn = Date.parse(item?.dueAt ?? '') - confirmedAt;
  expect(dueIn).toBeGreaterThan(LIMITS.takedownIntimateDueDays * DAY_MS - 60_000);
  expect(dueIn).toBeLessThan(LIMITS.takedownIntimateDueDays * DAY_MS + 60_000);

  // On the queue's screen: the case with its clock and the decisions a takedown takes; hidden from there,
  // the requester hears that it was removed and the report is gone for everyone else.
  const cases = MODERATION_TEXTS.cases;
  await operator.goto('/moderation/queue');
  const entry = main(operator).getByRole('article').filter({ hasText: title });
  await expect(entry).toContainText(formatDateTimeJa(item?.dueAt ?? ''));
  await expect(entry.getByRole('button', { name: cases.actions.warn, exact: true })).toHaveCount(0);
  const decisionSeen = await mailboxSnapshot();
  await entry.getByRole('button', { name: cases.actions.hide, exact: true }).click();
  await decide(operator, cases.actions.hide, '本人からの私事性的画像の削除依頼に基づき非公開にします');
  await expect(entry).toHaveCount(0);
  const decision = await waitForMailTo(email, TEXTS.takedown.mail.decisionSubject, decisionSeen);
  expect(decision.text).toContain(TEXTS.takedown.mail.decisionRemoved);
  const reader = await newPage(browser);
  await logInThroughApi(reader.request, await createUserWithCli('takedown-reader', { username: `読み手${suffix()}` }));
  expect((await reader.request.get(`/api/reports/${reportId}`)).status()).toBe(404);
});

test('an operator without two-factor sign-in is sent to set it up, turns it on with the code the app would show, and logs in again with a code', async ({ page }) => {
  const account = await createUserWithCli('op-2fa', { operator: true, twoFactor: false, username: `運営${suffix()}` });
  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/settings#two-factor$/);
  const section = main(page).getByRole('region', { name: SECURITY_TEXTS.twoFactor.heading });
  await expect(section.getByText(SECURITY_TEXTS.twoFactor.operatorRequired)).toBeVisible();
  // Until then every operator endpoint refuses, in Japanese.
  const refused = await page.request.get('/api/moderation/users');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: 'two_factor_required', message: TEXTS.security.operatorNeedsTwoFactor });

  await section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.start }).click();
  await expect(section.getByRole('img', { name: SECURITY_TEXTS.twoFactor.qrAlt })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel(SECURITY_TEXTS.twoFactor.codeLabel).fill(await totpCode(secret));
  await section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.enable }).click();
  const codes = section.getByRole('region', { name: SECURITY_TEXTS.twoFactor.recoveryHeading }).getByRole('listitem');
  await expect(codes).toHaveCount(LIMITS.recoveryCodeCount);
  await section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.recoveryDone }).click();
  await expect(section.getByText(SECURITY_TEXTS.twoFactor.enabledState)).toBeVisible();
  expect((await page.request.get('/api/moderation/users')).status()).toBe(200);

  await page.getByRole('button', { name: 'その他' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logInThroughForm(page, account.email, account.password);
  await expect(main(page).getByRole('heading', { name: SECURITY_TEXTS.loginCode.heading })).toBeVisible();
  // A wrong code is refused beside the field; the right one signs in.
  await main(page).getByRole('textbox', { name: SECURITY_TEXTS.loginCode.label, exact: true }).fill('000000');
  await main(page).getByRole('button', { name: SECURITY_TEXTS.loginCode.submit }).click();
  await expect(main(page).getByText(TEXTS.security.codeInvalid)).toBeVisible();
  await main(page).getByRole('textbox', { name: SECURITY_TEXTS.loginCode.label, exact: true }).fill(await totpCode(secret));
  await main(page).getByRole('button', { name: SECURITY_TEXTS.loginCode.submit }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const me = await page.request.get('/api/auth/me');
  expect(await me.json()).toMatchObject({ role: 'operator', twoFactor: true });
});

test('a member sees their sessions in 設定 and signs the other browser out', async ({ page, browser }) => {
  const member = await createUserWithCli('sessions', { username: `端末${suffix()}` });
  const other = await newPage(browser, { userAgent: FIREFOX });
  await logInThroughApi(other.request, member);
  await logInThroughApi(page.request, member);

  await page.goto('/settings');
  const section = main(page).getByRole('region', { name: SECURITY_TEXTS.sessions.heading });
  await expect(section.getByText('Firefox（Windows）')).toBeVisible();
  await expect(section.getByText(SECURITY_TEXTS.sessions.current)).toHaveCount(1);
  await section.getByRole('button', { name: `Firefox（Windows）を${SECURITY_TEXTS.sessions.signOut}` }).click();
  await expect(section.getByText(TEXTS.security.sessionEnded)).toBeVisible();
  await expect(section.getByText('Firefox（Windows）')).toHaveCount(0);

  // The other browser's next request is refused, and its refresh too.
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  expect((await other.request.post('/api/auth/refresh', { headers: await xsrfHeaders(other.request) })).status()).toBe(401);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('the public guide pages are linked from the footer and the その他 menu, and read at 375 px @mobile', async ({ page }) => {
  for (const [path, title] of [
    ['/removal-guidelines', TEXTS.shell.pageTitles.removalGuidelines],
    ['/image-rules', TEXTS.shell.pageTitles.imageRules],
    ['/report-illegal-content', TEXTS.shell.pageTitles.reportIllegalContent],
  ] as const) {
    await page.goto('/');
    await page.getByRole('navigation', { name: TEXTS.shell.footer.trustLabel }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await expect(main(page).getByRole('link', { name: /インターネット・ホットラインセンター/ })).toHaveAttribute('href', 'https://www.internethotline.jp/');
  await expect(main(page).getByText(/#9110/).first()).toBeVisible();
  await page.getByRole('button', { name: 'その他' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: TEXTS.shell.pageTitles.removalGuidelines })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: TEXTS.shell.pageTitles.takedownRequest })).toBeVisible();
});
