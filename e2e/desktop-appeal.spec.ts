import { expect, test } from './support/test';
import { MODERATION_TEXTS, TEXTS } from '@hiraku/shared';
import { logInToDesktop, startDesktopHost } from './support/desktopHost';
import { E2E_BASE_URL } from './support/env';
import { xsrfHeaders } from './support/members';
import { decide, flagThroughApi, person, suffix } from './support/moderation';
import { createUserWithCli } from './support/operators';
import { createReportThroughApi } from './support/reports';
import { main } from './support/page';
import { seriousFindings } from './support/axe';

/**
 * Issue 38's "Done when", in the desktop renderer at 1280 px (the web build's run is e2e/cases.spec.ts):
 * the operator who decided a case is refused the appeal against it, in Japanese, and nothing changes.
 */

let host: Awaited<ReturnType<typeof startDesktopHost>>;
test.beforeAll(async () => {
  host = await startDesktopHost(E2E_BASE_URL);
});
test.afterAll(() => host?.close());

const t = MODERATION_TEXTS.cases;

test('the deciding operator is refused the appeal against their decision in the desktop app', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const [author, flagger] = await Promise.all([person(browser, '書き手'), person(browser, '通報者')]);
  const title = `判断に異議がある投稿${suffix()}`;
  const reportId = await createReportThroughApi(author.page.request, title);
  await flagThroughApi(flagger.page.request, 'report', reportId, 'harassment');

  const operator = await createUserWithCli('desktop-appeal', { operator: true });
  await logInToDesktop(page, host.url, operator);

  // The operator hides the report from the keyboard (H), giving a reason.
  const theCase = main(page).getByRole('article').filter({ hasText: title });
  const caseId = Number((await theCase.getAttribute('aria-labelledby'))?.replace('case-', ''));
  await theCase.focus();
  await page.keyboard.press('h');
  await decide(page, t.actions.hide, '嫌がらせにあたるため非表示にします');
  await expect(theCase).toHaveCount(0);

  // The author appeals; the appeal tops the operator's queue.
  const appealText = `誤解です。嫌がらせではありません${suffix()}`;
  const filed = await author.page.request.post('/api/appeals', { headers: await xsrfHeaders(author.page.request), data: { caseId, text: appealText } });
  expect(filed.status()).toBe(201);
  await page.reload();
  const appeal = main(page).getByRole('article').filter({ hasText: appealText });
  await expect(main(page).getByRole('article').first()).toContainText(appealText);

  // O (覆す) from the keyboard: the dialog answers in Japanese that another operator reviews it; nothing changes.
  await appeal.focus();
  await page.keyboard.press('o');
  const dialog = page.getByRole('alertdialog', { name: t.actions.overturn });
  await dialog.getByLabel(MODERATION_TEXTS.common.reasonLabel).fill('確認した結果、問題ありません');
  await dialog.getByRole('button', { name: t.actions.overturn }).click();
  await expect(dialog.getByRole('alert')).toHaveText(TEXTS.moderation.rules.appealSameOperator);
  expect(await seriousFindings(page, 'the refused appeal in the desktop app')).toEqual([]);
  await dialog.getByRole('button', { name: MODERATION_TEXTS.common.cancel }).click();
  await expect(appeal).toBeVisible();
  const stillHidden = await flagger.page.request.get(`/api/reports/${reportId}`);
  expect(stillHidden.status()).toBe(404);

  // Another operator decides the appeal, as the message says; an appeal left open would top every other
  // spec's queue.
  const reviewer = await person(browser, '別の運営', true);
  await reviewer.page.goto('/moderation/queue');
  const reviewed = main(reviewer.page).getByRole('article').filter({ hasText: appealText });
  await reviewed.getByRole('button', { name: t.actions.uphold }).click();
  await decide(reviewer.page, t.actions.uphold, '嫌がらせにあたると改めて確認しました');
  await expect(reviewed).toHaveCount(0);
});
