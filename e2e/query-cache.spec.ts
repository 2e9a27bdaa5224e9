import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { COMMENT_TEXTS, REPORT_CARD_TEXTS, REPORT_DETAIL_TEXTS, REPORT_FIELD_LABELS, REPORT_FORM_TEXTS, REPORT_MESSAGES, type TagItem } from '@hiraku/shared';
import { createConfirmedMember, logInThroughApi, xsrfHeaders } from './support/members';
import { createReportThroughApi } from './support/reports';
import { revealInList } from './support/page';
import { collectDialogs } from './support/dialogs';

/**
 * The UI's cache of server answers (packages/ui/src/query): what one screen loaded serves the next one,
 * and a member's own change shows everywhere without the lists being downloaded again.
 */

/** A signed-in member with a profile, in a browser context of their own. */
async function member(browser: Browser, label: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInThroughApi(page.request, await createConfirmedMember(page.request, label));
  const tags = (await (await page.request.get('/api/tags')).json()) as TagItem[];
  const first = (key: string) => String(tags.find((tag) => tag.category_id?.key === key)?._id);
  const response = await page.request.post('/api/profile/createOrUpdate', {
    headers: await xsrfHeaders(page.request),
    multipart: { username: `${label}さん`, gender: first('gender'), sexualOrientation: first('sexualOrientation'), role: first('role'), twitterId: '' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return page;
}

/** How many times the page itself (not the test's API calls) has asked for `pathname`. */
function countRequests(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

test('a like on the detail page shows on the card when going back, without the list being downloaded again', async ({ browser }) => {
  const author = await member(browser, 'cacheauthor');
  const title = `キャッシュ確認${Date.now() % 10000}`;
  const reportId = await createReportThroughApi(author.request, title);

  const reader = await member(browser, 'cachereader');
  const feedRequests = countRequests(reader, '/api/reports/infinite');
  await reader.goto('/reports');
  const card = reader.getByRole('main').locator(`[data-report-id="${reportId}"]`);
  // Other specs publish reports in parallel: the card may be on a later page.
  await revealInList(reader, card, "the report's card");
  await expect(card.getByText(REPORT_CARD_TEXTS.likes(0))).toBeVisible();
  const loadedPages = feedRequests();

  await card.getByRole('link', { name: title }).click();
  await expect(reader).toHaveURL(new RegExp(`/reports/${reportId}$`));
  await reader.getByRole('main').getByRole('button', { name: REPORT_DETAIL_TEXTS.likes }).click();
  await expect(reader.getByRole('main').getByTestId('like-count')).toHaveText('1');

  await reader.goBack();
  await expect(reader).toHaveURL(/\/reports$/);
  await expect(card.getByText(REPORT_CARD_TEXTS.likes(1))).toBeVisible();
  expect(feedRequests()).toBe(loadedPages);
});

test('the tags are downloaded once for the report form and the search filters', async ({ browser }) => {
  const page = await member(browser, 'cachetags');
  const tagRequests = countRequests(page, '/api/tags');
  await page.goto('/create-report');
  const categories = page.getByRole('main').getByRole('group', { name: /プレイ大分類/ });
  await expect(categories.getByRole('checkbox').first()).toBeVisible();

  // To the search results (their filters list the same tags) and back, inside the app.
  await page.getByRole('banner').getByRole('searchbox').fill('縄');
  await page.getByRole('banner').getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/search-results\?/);
  // The sort select, then one select per filter (in the folded panel), each listing its category's tags after 「すべて」.
  await expect(page.getByRole('main').locator('select').nth(1).locator('option').nth(1)).toBeAttached();
  await page.goBack();
  await expect(page).toHaveURL(/\/create-report$/);
  await expect(categories.getByRole('checkbox').first()).toBeVisible();

  expect(tagRequests()).toBe(1);
});

test('a comment posted on the detail page is there at once when coming back, without the feed or the comments being downloaded again', async ({ browser }) => {
  const author = await member(browser, 'cachecommentauthor');
  const title = `コメントキャッシュ${Date.now() % 10000}`;
  const reportId = await createReportThroughApi(author.request, title);

  const reader = await member(browser, 'cachecommenter');
  const feedRequests = countRequests(reader, '/api/reports/infinite');
  const commentRequests = countRequests(reader, '/api/comments');
  await reader.goto('/reports');
  const card = reader.getByRole('main').locator(`[data-report-id="${reportId}"]`);
  await revealInList(reader, card, "the report's card");
  const loadedPages = feedRequests();

  await card.getByRole('link', { name: title }).click();
  await expect(reader).toHaveURL(new RegExp(`/reports/${reportId}$`));
  const comments = reader.getByRole('main').getByRole('region', { name: /コメント/ });
  await expect(comments.getByText(COMMENT_TEXTS.empty)).toBeVisible();
  const text = 'キャッシュから出てくるコメントです。';
  await comments.getByLabel(COMMENT_TEXTS.label).fill(text);
  await comments.getByRole('button', { name: COMMENT_TEXTS.submit }).click();
  // Shown at once, on top, with the count, from the server's answer (no second download of the list).
  await expect(comments.getByRole('listitem').first()).toContainText(text);
  await expect(comments.getByRole('heading').getByText(COMMENT_TEXTS.count(1))).toBeVisible();
  const listDownloads = commentRequests();

  await reader.goBack();
  await expect(reader).toHaveURL(/\/reports$/);
  await expect(card).toBeVisible();
  expect(feedRequests()).toBe(loadedPages);

  await reader.goForward();
  await expect(reader).toHaveURL(new RegExp(`/reports/${reportId}$`));
  await expect(comments.getByRole('listitem').first()).toContainText(text);
  await expect(comments.getByRole('heading').getByText(COMMENT_TEXTS.count(1))).toBeVisible();
  expect(commentRequests()).toBe(listDownloads);
});

test('after editing a report, going back shows the new title on its page, its form and the dashboard, not the cached old one', async ({ browser }) => {
  const author = await member(browser, 'cacheeditor');
  const dialogs = collectDialogs(author);
  const title = `編集キャッシュ${Date.now() % 10000}`;
  const renamed = `${title}（改）`;
  const reportId = await createReportThroughApi(author.request, title);
  const main = author.getByRole('main');

  // The dashboard, the report's page and its form each load the old title into the cache.
  await author.goto('/dashboard');
  await main.getByRole('link', { name: title, exact: true }).click();
  await expect(author).toHaveURL(new RegExp(`/reports/${reportId}$`));
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await main.getByRole('link', { name: REPORT_DETAIL_TEXTS.edit }).click();
  await expect(author).toHaveURL(new RegExp(`/edit-report/${reportId}$`));
  const titleField = main.getByLabel(REPORT_FIELD_LABELS.title);
  await expect(titleField).toHaveValue(title);
  await titleField.fill(renamed);
  await main.getByRole('button', { name: REPORT_FORM_TEXTS.publish }).click();
  await expect(author).toHaveURL(/\/reports$/);
  await expect.poll(() => dialogs).toContain(REPORT_MESSAGES.updated);
  await expect(main.locator(`[data-report-id="${reportId}"]`).getByRole('link', { name: renamed })).toBeVisible();

  // Back through the history, inside the app: every screen shows what was saved.
  await author.goBack();
  await expect(author).toHaveURL(new RegExp(`/edit-report/${reportId}$`));
  await expect(titleField).toHaveValue(renamed);
  await author.goBack();
  await expect(author).toHaveURL(new RegExp(`/reports/${reportId}$`));
  await expect(main.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await author.goBack();
  await expect(author).toHaveURL(/\/dashboard$/);
  await expect(main.getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});

test('after deleting a report, going back to its page and its form says it is gone instead of showing the cached report', async ({ browser }) => {
  const author = await member(browser, 'cachedeleter');
  const dialogs: string[] = [];
  author.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  const title = `削除キャッシュ${Date.now() % 10000}`;
  const reportId = await createReportThroughApi(author.request, title);
  const main = author.getByRole('main');

  await author.goto(`/reports/${reportId}`);
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await main.getByRole('link', { name: REPORT_DETAIL_TEXTS.edit }).click();
  await expect(main.getByLabel(REPORT_FIELD_LABELS.title)).toHaveValue(title);
  await main.getByRole('button', { name: REPORT_FORM_TEXTS.delete }).click();
  await expect(author).toHaveURL(/\/dashboard$/);
  await expect.poll(() => dialogs).toContain(REPORT_MESSAGES.deleted);

  await author.goBack();
  await expect(author).toHaveURL(new RegExp(`/edit-report/${reportId}$`));
  await expect(main.getByText(REPORT_MESSAGES.notFound)).toBeVisible();
  await expect(main.getByLabel(REPORT_FIELD_LABELS.title)).toHaveCount(0);
  await author.goBack();
  await expect(author).toHaveURL(new RegExp(`/reports/${reportId}$`));
  await expect(main.getByRole('heading', { level: 1, name: REPORT_DETAIL_TEXTS.notFoundTitle })).toBeVisible();
  await expect(main.getByRole('heading', { name: title })).toHaveCount(0);
});
