import { expect, test } from './support/test';
import { FLAG_TEXTS, MODERATION_TEXTS, SECURITY_TEXTS, TEXTS } from '@hiraku/shared';
import { decide, expectMinorCaseOnTop, flagInPage, flagThroughApi, person, suffix, type Person } from './support/moderation';
import { createReportThroughApi } from './support/reports';
import { main, revealInList } from './support/page';
import { logInThroughApi } from './support/members';
import { createUserWithCli } from './support/operators';
import { seriousFindings } from './support/axe';

/**
 * Flags and the case queue (issue 18) in Chromium against the real server: two members flag a report as
 * 未成年の疑い, it leaves everyone else's view and its case tops the queue; the operator claims it, notes
 * it and hides it; the author finds the notice and appeals; the deciding operator is refused the appeal,
 * another operator overturns it and the report is back. Then the whole queue by keyboard, with a bulk dismissal of three spam flags.
 */

const t = MODERATION_TEXTS.cases;
const f = FLAG_TEXTS;

/** A case in the queue, found by the text of its target (other tests' cases may be there too). */
const caseItem = (operator: Person, text: string) => main(operator.page).getByRole('article').filter({ hasText: text });
const detailStatus = async (viewer: Person, reportId: number) => (await viewer.page.request.get(`/api/reports/${reportId}`)).status();

test('two members flag a report as 未成年の疑い; it is hidden, claimed, noted, hidden by decision, appealed and overturned', async ({ browser }) => {
  test.setTimeout(180_000);
  const [author, first, second, reader, operator] = await Promise.all([
    person(browser, '書き手'),
    person(browser, '通報者A'),
    person(browser, '通報者B'),
    person(browser, '読み手'),
    person(browser, '運営', true),
  ]);
  const title = `年齢確認の記録${suffix()}`;
  const reportId = await createReportThroughApi(author.page.request, title);
  const minor = TEXTS.flag.categories.minor.label;

  // Two members flag it from its page; the dialog lists every category with its help and links the image rules.
  await first.page.goto(`/reports/${reportId}`);
  await main(first.page).getByRole('button', { name: f.button }).click();
  const dialog = first.page.getByRole('dialog', { name: f.dialogTitle });
  await expect(dialog.getByRole('radio')).toHaveCount(8);
  await expect(dialog).toContainText(TEXTS.flag.categories.minor.help);
  await expect(dialog.getByRole('link', { name: f.imageRulesLink })).toHaveAttribute('href', '/image-rules');
  // Sending without a category is refused in the dialog.
  await dialog.getByRole('button', { name: f.submit }).click();
  await expect(dialog.getByText(TEXTS.flag.categoryInvalid)).toBeVisible();
  await dialog.getByRole('button', { name: f.cancel }).click();
  await flagInPage(first.page, main(first.page), minor, '制服姿で幼く見えます');
  await expect(main(first.page).getByText(TEXTS.flag.received)).toBeVisible();
  expect(await detailStatus(reader, reportId)).toBe(200);
  await second.page.goto(`/reports/${reportId}`);
  await flagInPage(second.page, main(second.page), minor);

  // It leaves everyone else's view; its author still sees it, with the under-review notice.
  expect(await detailStatus(reader, reportId)).toBe(404);
  await author.page.goto(`/reports/${reportId}`);
  await expect(main(author.page).getByRole('note', { name: f.underReviewTitle })).toBeVisible();

  // The operator: the case is at the top of the queue.
  const page = operator.page;
  await page.goto('/moderation/queue');
  const item = caseItem(operator, title);
  await expectMinorCaseOnTop(page, title);
  await expect(item).toContainText(minor);
  await expect(item).toContainText('制服姿で幼く見えます');
  await expect(item).toContainText(MODERATION_TEXTS.queue.reporterCount(2));
  await item.getByRole('button', { name: t.claim }).click();
  await expect(item).toContainText(t.claimedBy(operator.username));
  await item.getByLabel(t.noteLabel).fill('保護者同伴の撮影か確認する');
  await item.getByRole('button', { name: t.noteSubmit }).click();
  await expect(item).toContainText('保護者同伴の撮影か確認する');
  await item.getByRole('button', { name: t.actions.hide, exact: true }).click();
  await decide(page, t.actions.hide, '年齢の確認が取れないため');
  await expect(item).toHaveCount(0);
  expect(await detailStatus(reader, reportId)).toBe(404);

  // The author finds the decision on their report, follows it and appeals.
  await author.page.reload();
  const notice = main(author.page).getByRole('note', { name: f.decidedTitle });
  await notice.getByRole('link', { name: f.decisionLink }).click();
  await expect(main(author.page).getByRole('heading', { level: 1, name: f.decisionPageTitle })).toBeVisible();
  await expect(main(author.page)).toContainText('年齢の確認が取れないため');
  await expect(main(author.page)).toContainText(minor);
  await main(author.page).getByLabel(f.appealLabel).fill('出演者は全員25歳以上です。確認書類をお送りできます。');
  await main(author.page).getByRole('button', { name: f.appealSubmit }).click();
  await expect(main(author.page).getByText(TEXTS.flag.appealFiled)).toBeVisible();
  await expect(main(author.page).getByLabel(f.appealLabel)).toHaveCount(0);

  // The appeal tops the queue. The operator who hid the report may not decide it (issue 38): the
  // dialog says so in Japanese and nothing changes; another operator overturns it and the report is back.
  await page.reload();
  // Found by its text: another spec's appeal, open for a moment beside this one, may rank with it.
  const appeal = main(page).getByRole('article').filter({ hasText: '出演者は全員25歳以上です。' });
  await expect(appeal).toContainText(t.types.appeal);
  await appeal.getByRole('button', { name: t.actions.overturn }).click();
  const refused = page.getByRole('alertdialog', { name: t.actions.overturn });
  await refused.getByLabel(MODERATION_TEXTS.common.reasonLabel).fill('成人であることを確認しました');
  await refused.getByRole('button', { name: t.actions.overturn }).click();
  await expect(refused.getByRole('alert')).toHaveText(TEXTS.moderation.rules.appealSameOperator);
  await refused.getByRole('button', { name: MODERATION_TEXTS.common.cancel }).click();
  expect(await detailStatus(reader, reportId)).toBe(404);
  const reviewer = await person(browser, '別の運営', true);
  await reviewer.page.goto('/moderation/queue');
  const reviewed = main(reviewer.page).getByRole('article').filter({ hasText: '出演者は全員25歳以上です。' });
  await reviewed.getByRole('button', { name: t.actions.overturn }).click();
  await decide(reviewer.page, t.actions.overturn, '成人であることを確認しました');
  expect(await detailStatus(reader, reportId)).toBe(200);
  await author.page.reload();
  await expect(main(author.page)).toContainText(`${f.appealOutcome}: ${f.actions.overturn}`);
});

test('the whole queue from the keyboard: move, claim, select a range with the space bar, dismiss three spam flags at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const [author, flagger, reader, operator] = await Promise.all([person(browser, '書き手'), person(browser, '通報者'), person(browser, '読み手'), person(browser, '運営', true)]);
  const titles = [`宣伝と疑われた記録一${suffix()}`, `宣伝と疑われた記録二${suffix()}`, `宣伝と疑われた記録三${suffix()}`];
  const ids: number[] = [];
  for (const title of titles) {
    const id = await createReportThroughApi(author.page.request, title);
    ids.push(id);
    await flagThroughApi(flagger.page.request, 'report', id, 'spam', 'リンクが多い');
  }

  const page = operator.page;
  await page.goto('/moderation/queue');
  await main(page).getByLabel(t.category).selectOption({ label: TEXTS.flag.categories.spam.label });
  const [one, two, three] = titles.map((title) => caseItem(operator, title));
  await revealInList(page, three!, 'the last of the three spam cases');
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('j');
  for (let step = 0; step < 50 && !(await focusedText()).includes(titles[0]!); step += 1) await page.keyboard.press('j');
  await expect(one!).toBeFocused();
  await page.keyboard.press('j');
  await expect(two!).toBeFocused();
  await page.keyboard.press('k');
  await expect(one!).toBeFocused();

  // C claims the focused case.
  await page.keyboard.press('c');
  await expect(one!).toContainText(t.claimedBy(operator.username));
  // Space selects it; J J and Shift+Space select the range down to the third.
  await page.keyboard.press('Space');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(three!).toBeFocused();
  await page.keyboard.press('Shift+Space');
  const bar = main(page).getByRole('region', { name: t.bulkBar(3) });
  await expect(bar).toBeVisible();

  // D dismisses the three together: the reason field has the focus; Tab twice reaches the confirm button.
  await page.keyboard.press('d');
  const dialog = page.getByRole('alertdialog', { name: t.actions.dismiss });
  await expect(dialog.getByLabel(MODERATION_TEXTS.common.reasonLabel)).toBeFocused();
  await expect(dialog).toContainText(t.bulkQuestion(3, t.actions.dismiss));
  await page.keyboard.type('宣伝ではありません');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.moderation.cases.bulkResolved })).toBeVisible();
  for (const gone of [one!, two!, three!]) await expect(gone).toHaveCount(0);
  for (const id of ids) expect(await detailStatus(reader, id)).toBe(200);
});

test('the flag dialog, the under-review notice, the decision page and the case queue with its history pass axe at 375 px and 1280 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const [author, flagger, second, operator] = await Promise.all([person(browser, '書き手'), person(browser, '通報者'), person(browser, '通報者B'), person(browser, '運営', true)]);
  const title = `読みやすさの通報${suffix()}`;
  const reportId = await createReportThroughApi(author.page.request, title);
  await flagThroughApi(flagger.page.request, 'report', reportId, 'obscene', '修正がありません');
  await flagThroughApi(second.page.request, 'report', reportId, 'obscene');
  const hiddenTitle = `読みやすさの判断${suffix()}`;
  const decidedId = await createReportThroughApi(author.page.request, hiddenTitle);
  await flagThroughApi(flagger.page.request, 'report', decidedId, 'spam');
  const problems: string[] = [];
  for (const width of [375, 1280]) {
    for (const who of [author, flagger, operator]) await who.page.setViewportSize({ width, height: 800 });
    await flagger.page.goto(`/reports/${decidedId}`);
    await main(flagger.page).getByRole('button', { name: f.button }).click();
    await expect(flagger.page.getByRole('dialog', { name: f.dialogTitle })).toBeVisible();
    problems.push(...(await seriousFindings(flagger.page, `${width}px flag dialog`)));
    await author.page.goto(`/reports/${reportId}`);
    await expect(main(author.page).getByRole('note', { name: f.underReviewTitle })).toBeVisible();
    problems.push(...(await seriousFindings(author.page, `${width}px under review`)));
    await operator.page.goto('/moderation/queue');
    const item = caseItem(operator, title);
    await revealInList(operator.page, item);
    await item.getByRole('button', { name: t.historyButton }).click();
    await expect(main(operator.page).getByRole('complementary')).toBeVisible();
    problems.push(...(await seriousFindings(operator.page, `${width}px queue with history`)));
  }
  // The decision page with its appeal form.
  const page = operator.page;
  await page.goto('/moderation/queue');
  await revealInList(page, caseItem(operator, hiddenTitle));
  await caseItem(operator, hiddenTitle).getByRole('button', { name: t.actions.hide, exact: true }).click();
  await decide(page, t.actions.hide, '宣伝のため');
  await author.page.goto(`/reports/${decidedId}`);
  await main(author.page).getByRole('note', { name: f.decidedTitle }).getByRole('link', { name: f.decisionLink }).click();
  for (const width of [375, 1280]) {
    await author.page.setViewportSize({ width, height: 800 });
    await expect(main(author.page).getByLabel(f.appealLabel)).toBeVisible();
    problems.push(...(await seriousFindings(author.page, `${width}px decision page`)));
  }
  expect(problems).toEqual([]);
});

test('an operator without two-factor sign-in is refused the queue and follows its link to the section that turns it on (issue 39)', async ({ page }) => {
  const account = await createUserWithCli('queue-2fa', { operator: true, twoFactor: false, username: `運営${suffix()}` });
  await logInThroughApi(page.request, account);
  await page.goto('/moderation/queue');
  await expect(main(page).getByText(TEXTS.security.operatorNeedsTwoFactor)).toBeVisible();
  await main(page).getByRole('link', { name: t.twoFactorLink }).click();
  await expect(page).toHaveURL(/\/settings#two-factor$/);
  // The section itself, scrolled into view with its way to start.
  const section = main(page).getByRole('region', { name: SECURITY_TEXTS.twoFactor.heading });
  await expect(section.getByText(SECURITY_TEXTS.twoFactor.operatorRequired)).toBeInViewport();
  await expect(section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.start })).toBeVisible();
});
