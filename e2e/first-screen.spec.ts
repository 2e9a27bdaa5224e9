import { ACCOUNT_MESSAGES, ACCOUNT_TEXTS, BOOT_SCREEN_ID, FIRST_ANSWERS_ID, SORT_STORAGE_KEY } from '@hiraku/shared';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './support/test';
import { createConfirmedMember, createProfileThroughApi, logInThroughApi } from './support/members';
import { createReportThroughApi } from './support/reports';
import { gate } from './support/gate';
import { main } from './support/page';

/**
 * The first screen of /reports (LCP): the server reads the session and the feed's first page, renders the
 * screen and sends both in the page, whose head names the list's scripts (apps/web/firstScreenPages.ts);
 * the app takes those answers (or asks at start, for a sort the server could not know) and the list paints
 * once, with its cards.
 */

const isSessionCheck = (request: Request) => new URL(request.url()).pathname === '/api/auth/me';
const isFeedPage = (request: Request) => new URL(request.url()).pathname === '/api/reports/infinite';
const sortOf = (request: Request) => new URL(request.url()).searchParams.get('sort');

/** Holds the list's screen code until `release` is called; every request the page makes is kept. */
async function holdListCode(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const listCode = gate();
  await page.route(/\/assets\/ReportsPage-[^/]+\.js$/, async (route) => {
    await listCode.opened;
    await route.continue();
  });
  return { requests, release: listCode.open };
}

test('a member opening /reports: the page brings the session and the first page, and the browser reads neither again', async ({ page }) => {
  const account = await createConfirmedMember(page.request, 'first-screen');
  await logInThroughApi(page.request, account);
  await createProfileThroughApi(page.request, '初画面さん');
  const title = `最初の一枚 ${Date.now()}`;
  await createReportThroughApi(page.request, title);

  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/reports');
  // The app's own list (the server's picture of it gone), drawn from the answers the page brought.
  await expect(page.locator(`#${BOOT_SCREEN_ID}`)).toHaveCount(0);
  await expect(main(page).locator('article.report-card').filter({ hasText: title })).toBeVisible();
  // The server read them once to write the page: the app asked for neither itself.
  expect(requests.filter(isFeedPage)).toHaveLength(0);
  expect(requests.filter(isSessionCheck)).toHaveLength(0);

  // Later moves still check the session (docs/product.md §2).
  await page.getByRole('navigation', { name: 'フッターメニュー' }).getByRole('link', { name: 'マイページ' }).click();
  await expect.poll(() => requests.filter(isSessionCheck).length).toBe(1);
});

test('the first cards come in the page itself, before any script has run, and the app takes their place without moving them', async ({ page }) => {
  const account = await createConfirmedMember(page.request, 'first-screen-html');
  await logInThroughApi(page.request, account);
  await createProfileThroughApi(page.request, '先描きさん');
  // Short: a card cuts a long title, and its link is named by what it shows.
  const title = `先描き${Date.now() % 100_000}`;
  await createReportThroughApi(page.request, title);

  const scripts = gate();
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await scripts.opened;
    await route.continue();
  });
  await page.goto('/reports', { waitUntil: 'commit' });

  // No script has run: what shows is the screen the server wrote into the page, inert until the app is up.
  const rendered = page.locator(`#${BOOT_SCREEN_ID}`);
  const renderedCard = rendered.locator('article.report-card').filter({ hasText: title });
  await expect(renderedCard).toBeVisible();
  await expect(rendered).toHaveAttribute('inert', '');
  await expect(page).toHaveTitle('レポート一覧 | ひらく');
  // Inert: its controls take no focus (nor clicks, nor typing) until the app's own have replaced them.
  expect(await rendered.getByRole('link', { name: title }).evaluate((link: HTMLElement) => (link.focus(), document.activeElement === link))).toBe(false);
  const drawnAt = await renderedCard.boundingBox();

  scripts.open();
  await expect(rendered).toHaveCount(0);
  const liveCard = main(page).locator('article.report-card').filter({ hasText: title });
  await expect(liveCard).toHaveCount(1);
  expect(await liveCard.boundingBox()).toEqual(drawnAt);
  // The app's own list: its links move within the app.
  await main(page).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/reports\/\d+$/);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('the early first page is the sort the member chose last time', async ({ page }) => {
  const account = await createConfirmedMember(page.request, 'first-screen-sort');
  await logInThroughApi(page.request, account);
  await page.addInitScript((key) => window.localStorage.setItem(key, 'like'), SORT_STORAGE_KEY);

  const { requests, release } = await holdListCode(page);
  // The server renders the default order (it cannot read the choice stored in the browser); the app asks
  // for the member's own order at once, and that is the list's first page.
  const likedAsked = page.waitForRequest((request) => isFeedPage(request) && sortOf(request) === 'like');
  await page.goto('/reports', { waitUntil: 'commit' });
  await likedAsked;
  release();

  await expect(main(page).getByRole('combobox')).toHaveValue('like');
  await expect(main(page).locator('article.report-card').first()).toBeVisible();
  expect(requests.filter((request) => isFeedPage(request) && sortOf(request) === 'like')).toHaveLength(1);
});

test('a visitor opening /reports is sent to log in as before, with no screen or answers in the page', async ({ page }) => {
  const html = await (await page.request.get('/reports')).text();
  expect(html).not.toContain(BOOT_SCREEN_ID);
  expect(html).not.toContain(FIRST_ANSWERS_ID);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/login$/);
  await expect(main(page).getByText(ACCOUNT_TEXTS.login.noticeRequired)).toBeVisible();
  await expect(main(page).getByText(ACCOUNT_MESSAGES.sessionInvalid)).toHaveCount(0);
});