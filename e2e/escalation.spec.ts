import { expect, test } from './support/test';
import { MODERATION_TEXTS, TEXTS } from '@hiraku/shared';
import { flagThroughApi, person, suffix } from './support/moderation';
import { createReportThroughApi } from './support/reports';
import { main } from './support/page';
import { seriousFindings } from './support/axe';

/**
 * 要相談 (issue 38) at 1280 px, in the two-pane queue: an operator marks a spam case for the admins with a
 * reason; the operator's queue keeps the most severe case first and shows the 要相談 badge; the admin's
 * queue shows the escalated case first, with who asked and why. axe finds nothing serious.
 */

const t = MODERATION_TEXTS.cases;

test('an operator marks a case 要相談 and the admin sees it first', async ({ browser }) => {
  test.setTimeout(180_000);
  const [author, flagger, operator, admin] = await Promise.all([
    person(browser, '書き手'),
    person(browser, '通報者'),
    person(browser, '運営', true),
    person(browser, '管理者', false, true),
  ]);
  for (const viewer of [operator, admin]) await viewer.page.setViewportSize({ width: 1280, height: 900 });
  const severeTitle = `深刻な通報${suffix()}`;
  const spamTitle = `宣伝らしき投稿${suffix()}`;
  const severeId = await createReportThroughApi(author.page.request, severeTitle);
  const spamId = await createReportThroughApi(author.page.request, spamTitle);
  await flagThroughApi(flagger.page.request, 'report', severeId, 'minor');
  await flagThroughApi(flagger.page.request, 'report', spamId, 'spam');

  // The operator: the severe case first; the spam case is chosen in the list and marked 要相談.
  const page = operator.page;
  await page.goto('/moderation/queue');
  const rows = main(page).locator('.cases__rows').getByRole('button');
  await expect(rows.first()).toContainText(severeTitle);
  await rows.filter({ hasText: spamTitle }).click();
  const spamCase = main(page).getByRole('article').filter({ hasText: spamTitle });
  await spamCase.getByRole('button', { name: t.escalateAction }).click();
  // A missing reason is refused in Japanese before anything is sent.
  await spamCase.getByRole('button', { name: t.escalateSubmit }).click();
  await expect(spamCase.getByText(TEXTS.moderation.reasonRequired)).toBeVisible();
  await spamCase.getByLabel(t.escalateReasonLabel).fill('宣伝か体験談か判断に迷います');
  await spamCase.getByRole('button', { name: t.escalateSubmit }).click();
  await expect(spamCase).toContainText(t.escalatedBadge);
  await expect(spamCase).toContainText('宣伝か体験談か判断に迷います');
  await page.reload();
  await expect(rows.first()).toContainText(severeTitle);
  await expect(rows.filter({ hasText: spamTitle })).toContainText(t.escalatedBadge);

  // The admin: the escalated case before every other, with who asked and why.
  await admin.page.goto('/moderation/queue');
  const adminRows = main(admin.page).locator('.cases__rows').getByRole('button');
  await expect(adminRows.first()).toContainText(spamTitle);
  await expect(adminRows.first()).toContainText(t.escalatedBadge);
  const first = main(admin.page).getByRole('article').first();
  await expect(first).toContainText(spamTitle);
  await expect(first).toContainText(operator.username);
  await expect(first).toContainText('宣伝か体験談か判断に迷います');
  expect(await seriousFindings(admin.page, 'queue of an admin at 1280 px')).toEqual([]);
});
