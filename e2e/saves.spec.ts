import { PAGE_TITLES, SAVES_TEXTS, SEARCH_TEXTS } from '@hiraku/shared';
import { expect, test } from './support/test';
import { E2E_BASE_URL } from './support/env';
import { logInThroughApi } from './support/members';
import { createUserWithCli } from './support/operators';
import { main, revealInList } from './support/page';
import { createReportThroughApi } from './support/reports';
import { seriousFindings } from './support/axe';

/**
 * 保存 (issue 37) in Chromium, at 375 px (@mobile) and 1280 px: a member saves a report from its card
 * on /reports, files it in a collection of their own on /saved, finds it there and by search inside
 * what they saved; the page passes axe without a serious finding.
 */
test('a member saves a report from its card, finds it in a collection and by search inside /saved @mobile', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const token = `hz${Math.random().toString(36).slice(2, 8)}`;
  const title = `縄 ${token}`;
  const author = await createUserWithCli('save-author', { username: `保存される側${token.slice(-3)}` });
  const context = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await logInThroughApi(context, author);
  const reportId = await createReportThroughApi(context, title);
  await context.dispose();
  await logInThroughApi(page.request, await createUserWithCli('saver', { username: '保存する会員' }));
  // Indexed: the search inside /saved goes through Meilisearch.
  await expect
    .poll(async () => ((await (await page.request.get('/api/reports/search/advanced', { params: { query: token } })).json()) as { total: number }).total, { timeout: 20_000 })
    .toBe(1);

  // Save from the card on /reports. The other tests publish reports meanwhile (the suite runs in
  // parallel), so the card may be further down: the member reads on until it is there.
  await page.goto('/reports');
  const card = main(page).locator(`article[data-report-id="${reportId}"]`);
  await revealInList(page, card, "the report's card");
  const save = card.getByRole('button', { name: SAVES_TEXTS.save, exact: true });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(card.getByRole('button', { name: SAVES_TEXTS.saved })).toHaveAttribute('aria-pressed', 'true');

  // /saved lists it; a new collection takes it through the picker.
  await page.goto('/saved');
  await expect(main(page).getByRole('heading', { level: 1, name: PAGE_TITLES.saved })).toBeVisible();
  const all = main(page).getByRole('list', { name: SAVES_TEXTS.allSaves });
  await expect(all.getByRole('link', { name: title })).toBeVisible();
  const collectionName = `手順メモ${token.slice(-3)}`;
  await main(page).getByLabel(SAVES_TEXTS.newCollection).fill(collectionName);
  await main(page).getByRole('button', { name: SAVES_TEXTS.create }).click();
  await expect(main(page).getByRole('heading', { level: 2, name: collectionName })).toBeVisible();
  await expect(main(page).getByText(SAVES_TEXTS.emptyCollection)).toBeVisible();

  await main(page).getByRole('link', { name: SAVES_TEXTS.allSaves }).click();
  const item = main(page).getByRole('list', { name: SAVES_TEXTS.allSaves }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await item.getByText(SAVES_TEXTS.addToCollection).click();
  const box = item.getByRole('checkbox', { name: collectionName });
  // The box shows the server's answer: checked once the collection holds the report.
  await box.click();
  await expect(box).toBeChecked();

  // Found in the collection.
  await main(page).getByRole('link', { name: new RegExp(collectionName) }).click();
  await expect(main(page).getByRole('heading', { level: 2, name: collectionName })).toBeVisible();
  await expect(main(page).getByRole('list', { name: collectionName }).getByRole('link', { name: title })).toBeVisible();

  // Found by search inside what I saved; a word nothing saved holds finds nothing.
  await main(page).getByRole('searchbox', { name: SAVES_TEXTS.searchLabel }).fill(token);
  await main(page).getByRole('search', { name: SAVES_TEXTS.searchLabel }).getByRole('button', { name: SEARCH_TEXTS.submit }).click();
  await expect(page).toHaveURL(/\/saved\?query=/);
  await expect(main(page).getByRole('list', { name: SEARCH_TEXTS.resultsLabel }).getByRole('link', { name: title })).toBeVisible();
  await expect(main(page).getByRole('status').filter({ hasText: SAVES_TEXTS.resultCount(1) })).toBeVisible();

  expect(await seriousFindings(page)).toEqual([]);

  await page.goto(`/saved?query=${encodeURIComponent('存在しない言葉ぬぬぬ')}`);
  await expect(main(page).getByText(SAVES_TEXTS.noResults)).toBeVisible();

  // The detail page shows it as saved; unsaving there empties /saved of it.
  await page.goto(`/reports/${reportId}`);
  await main(page).getByRole('button', { name: SAVES_TEXTS.saved }).click();
  await expect(main(page).getByRole('button', { name: SAVES_TEXTS.save, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/saved');
  await expect(main(page).getByText(SAVES_TEXTS.empty)).toBeVisible();
});
