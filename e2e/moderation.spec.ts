import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TEXTS, SHELL_TEXTS, MODERATION_TEXTS, type CommentItem } from '@hiraku/shared';
import { commentThroughApi as comment, decide, flagInPage, person, queueItem, reportCommentThroughApi, suffix, type Person } from './support/moderation';
import { createReportThroughApi } from './support/reports';
import { main, revealInList } from './support/page';
import { seriousFindings } from './support/axe';

/**
 * The operators' moderation screens in Chromium against the real server: members report comments, an
 * operator decides them in the queue (by mouse and by keyboard alone), suspends a member, finds every
 * action in the audit log; and every operator screen passes axe at phone and desktop widths.
 */

const q = MODERATION_TEXTS.queue;
/** Since issue 18 the queue is the case queue: its decisions' labels (却下 and 削除 as before; 停止 for 削除して停止). */
const a = MODERATION_TEXTS.cases.actions;

/** A member flags a comment from the report's page, through the page's own dialog (その他, with a note). */
async function reportCommentInPage(member: Person, reportId: number, text: string, reason: string): Promise<void> {
  await member.page.goto(`/reports/${reportId}`);
  const item = main(member.page).getByRole('listitem').filter({ hasText: text });
  await flagInPage(member.page, item, TEXTS.flag.categories.other.label, reason);
}

async function commentsSeenBy(viewer: Person, reportId: number): Promise<string[]> {
  const response = await viewer.page.request.get(`/api/comments?articleId=${reportId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as CommentItem[]).map((item) => item.text);
}

async function openMoreMenu(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: SHELL_TEXTS.footer.navLabel }).getByRole('button', { name: SHELL_TEXTS.moreMenu.button }).click();
  return page.getByRole('menu');
}

test('reported comments leave members\' view; an operator dismisses, deletes, suspends, and finds it all in the audit log', async ({ browser }) => {
  test.setTimeout(180_000);
  const [author, writer, suspect, r1, r2, r3, operator] = await Promise.all([
    person(browser, '書き手'),
    person(browser, 'コメント主'),
    person(browser, '違反者'),
    person(browser, '通報者A'),
    person(browser, '通報者B'),
    person(browser, '通報者C'),
    person(browser, '運営', true),
  ]);
  const reportId = await createReportThroughApi(author.page.request, `縄の練習会${suffix()}`);
  const suspectReport = `停止される会員の記録${suffix()}`;
  await createReportThroughApi(suspect.page.request, suspectReport);
  const dismissed = `却下される感想です${suffix()}`;
  const deleted = `削除される書き込み${suffix()}`;
  const suspended = `規約違反の書き込み${suffix()}`;
  await comment(writer.page.request, reportId, dismissed);
  const deletedId = await comment(writer.page.request, reportId, deleted);
  const suspendedId = await comment(suspect.page.request, reportId, suspended);

  // Three members report the first comment: it leaves the other members' view (its writer still sees it).
  for (const [index, reporter] of [r1, r2, r3].entries()) {
    await reportCommentInPage(reporter, reportId, dismissed, `不快な表現です（${index + 1}）`);
  }
  expect(await commentsSeenBy(author, reportId)).not.toContain(dismissed);
  expect(await commentsSeenBy(writer, reportId)).toContain(dismissed);
  await reportCommentThroughApi(r1.page.request, deletedId, '個人情報が書かれています');
  await reportCommentThroughApi(r2.page.request, suspendedId, '攻撃的な書き込みです');

  // The operator finds the queue in the その他 menu, with the number waiting.
  const page = operator.page;
  await page.goto('/reports');
  const menu = await openMoreMenu(page);
  const link = menu.getByRole('menuitem', { name: /通報キュー/ });
  await expect(link).toContainText(/未対応 \d+件/);
  await link.click();
  await expect(main(page).getByRole('heading', { level: 1, name: /通報キュー/ })).toBeVisible();

  // The reported comment in context: its report, its reports with reasons, the reporter count, hidden.
  const first = queueItem(page, dismissed);
  await revealInList(page, first, 'the first reported comment');
  await expect(first.getByRole('link', { name: /縄の練習会/ })).toHaveAttribute('href', `/reports/${reportId}`);
  await expect(first).toContainText(q.reporterCount(3));
  await expect(first).toContainText(q.hidden);
  await expect(first).toContainText('不快な表現です（2）');
  await expect(first).toContainText(r3.publicId);

  // Dismiss: the comment comes back for everyone.
  const dismissReason = `表現の範囲内と判断しました${suffix()}`;
  await first.getByRole('button', { name: a.dismiss, exact: true }).click();
  // An empty reason is refused in the dialog, before anything is sent.
  const dialog = page.getByRole('alertdialog', { name: a.dismiss });
  await dialog.getByRole('button', { name: a.dismiss }).click();
  await expect(dialog.getByText(TEXTS.moderation.reasonRequired)).toBeVisible();
  await decide(page, a.dismiss, dismissReason);
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.moderation.cases.resolved })).toBeVisible();
  await expect(queueItem(page, dismissed)).toHaveCount(0);
  expect(await commentsSeenBy(author, reportId)).toContain(dismissed);

  // Delete: gone for everyone.
  const deleteReason = `個人情報のため削除${suffix()}`;
  await revealInList(page, queueItem(page, deleted));
  await queueItem(page, deleted).getByRole('button', { name: a.delete, exact: true }).click();
  await decide(page, a.delete, deleteReason);
  await expect(queueItem(page, deleted)).toHaveCount(0);
  expect(await commentsSeenBy(author, reportId)).not.toContain(deleted);

  // Suspend: the comment goes, and so does its author, with their report and their session.
  await author.page.goto('/reports');
  await expect(main(author.page).getByRole('link', { name: suspectReport })).toBeVisible();
  const suspendReason = `繰り返しの攻撃的な書き込み${suffix()}`;
  await revealInList(page, queueItem(page, suspended));
  await queueItem(page, suspended).getByRole('button', { name: a.suspend, exact: true }).click();
  await decide(page, a.suspend, suspendReason);
  await expect(queueItem(page, suspended)).toHaveCount(0);
  await author.page.reload();
  await expect(main(author.page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main(author.page).getByRole('link', { name: suspectReport })).toHaveCount(0);
  // The suspended member is signed out on their next request.
  await suspect.page.goto('/dashboard');
  await expect(suspect.page).toHaveURL(/\/login/);
  expect((await suspect.page.request.get('/api/auth/me')).status()).toBe(401);

  // The resolved filter shows what was decided.
  await main(page).getByLabel(MODERATION_TEXTS.cases.status).selectOption({ label: q.resolved });
  await expect(queueItem(page, dismissed)).toContainText(q.resolution.dismissed);

  // Every action is in the audit log with its reason, filterable by operator and action.
  await page.getByRole('navigation', { name: MODERATION_TEXTS.nav.label }).getByRole('link', { name: MODERATION_TEXTS.titles.auditLog }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.auditLog })).toBeVisible();
  const log = main(page).getByRole('list');
  for (const [label, reason] of [
    ['コメント通報の却下', dismissReason],
    ['コメントの削除', deleteReason],
    ['会員の利用停止', suspendReason],
  ] as const) {
    const row = log.getByRole('listitem').filter({ hasText: reason }).filter({ hasText: label });
    await expect(row.first()).toBeVisible();
    await expect(row.first()).toContainText(operator.publicId);
  }
  await main(page).getByLabel(MODERATION_TEXTS.audit.actorLabel).fill(operator.publicId);
  await main(page).getByLabel(MODERATION_TEXTS.audit.actionLabel).selectOption('user.suspend');
  await main(page).getByRole('button', { name: MODERATION_TEXTS.audit.apply }).click();
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByRole('listitem')).toContainText(suspendReason);
  // The target by name since issue 38 (the audit log links names, not bare ids).
  await expect(log.getByRole('listitem')).toContainText(suspect.username);

  // The member screen shows the suspension, and lifts it with a reason.
  await page.getByRole('navigation', { name: MODERATION_TEXTS.nav.label }).getByRole('link', { name: MODERATION_TEXTS.titles.members }).click();
  await main(page).getByLabel(MODERATION_TEXTS.members.searchLabel).fill(suspect.publicId);
  await main(page).getByRole('button', { name: MODERATION_TEXTS.members.searchSubmit }).click();
  const card = main(page).getByRole('article', { name: suspect.username });
  await expect(card).toContainText(MODERATION_TEXTS.members.suspendedIndefinitely);
  await card.getByRole('button', { name: MODERATION_TEXTS.members.unsuspend }).click();
  await decide(page, MODERATION_TEXTS.members.unsuspend, '反省が確認できたため');
  await expect(card).toContainText(MODERATION_TEXTS.members.active);
  await author.page.reload();
  await expect(main(author.page).getByRole('link', { name: suspectReport })).toBeVisible();
});

test('the queue is driven by the keyboard alone', async ({ browser }) => {
  test.setTimeout(120_000);
  const [author, writer, reporter, operator] = await Promise.all([
    person(browser, '書き手'),
    person(browser, 'コメント主'),
    person(browser, '通報者'),
    person(browser, '運営', true),
  ]);
  const reportId = await createReportThroughApi(author.page.request, `鍵盤で裁く記録${suffix()}`);
  const one = `ひとつめの通報コメント${suffix()}`;
  const two = `ふたつめの通報コメント${suffix()}`;
  for (const text of [one, two]) {
    await reportCommentThroughApi(reporter.page.request, await comment(writer.page.request, reportId, text), '確認をお願いします');
  }

  const page = operator.page;
  await page.goto('/moderation/queue');
  // The keys are shown on the screen.
  const keys = main(page).getByRole('region', { name: q.keysHeading });
  await expect(keys).toContainText('J');
  await expect(keys).toContainText(q.keys.dismiss);
  // The comment cases only, as an operator working through comments would: other specs' cases stay out of J's way.
  await main(page).getByLabel(MODERATION_TEXTS.cases.type).selectOption({ label: MODERATION_TEXTS.cases.types.comment });
  await revealInList(page, queueItem(page, two));

  // J moves down until the first of ours has the focus (older items of other tests may come first).
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('j');
  for (let step = 0; step < 50 && !(await focusedText()).includes(one); step += 1) await page.keyboard.press('j');
  await expect(queueItem(page, one)).toBeFocused();
  await page.keyboard.press('j');
  await expect(queueItem(page, two)).toBeFocused();
  await page.keyboard.press('k');
  await expect(queueItem(page, one)).toBeFocused();

  // D dismisses the focused one: the reason field has the focus; Tab twice reaches the confirm button.
  await page.keyboard.press('d');
  const dialog = page.getByRole('alertdialog', { name: a.dismiss });
  await expect(dialog.getByLabel(MODERATION_TEXTS.common.reasonLabel)).toBeFocused();
  await page.keyboard.type('キーボードで却下');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(queueItem(page, one)).toHaveCount(0);
  // The next one takes its place and the focus; Escape leaves a dialog without acting.
  await expect(queueItem(page, two)).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByRole('alertdialog', { name: a.delete })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(queueItem(page, two)).toBeVisible();
  await page.keyboard.press('x');
  await page.keyboard.type('キーボードで削除');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(queueItem(page, two)).toHaveCount(0);
  expect(await commentsSeenBy(author, reportId)).toEqual([one]);
});

test('an operator hides and shows a report from its page, with a reason', async ({ browser }) => {
  const [author, reader, operator] = await Promise.all([person(browser, '書き手'), person(browser, '読み手'), person(browser, '運営', true)]);
  const title = `非表示にされる記録${suffix()}`;
  const reportId = await createReportThroughApi(author.page.request, title);
  const page = operator.page;
  await page.goto(`/reports/${reportId}`);
  const t = MODERATION_TEXTS.reportModeration;
  await main(page).getByRole('button', { name: t.hide }).click();
  await decide(page, t.hide, '規約に反する画像のため');
  await expect(main(page).getByRole('button', { name: t.unhide })).toBeVisible();
  expect((await reader.page.request.get(`/api/reports/${reportId}`)).status()).toBe(404);
  await main(page).getByRole('button', { name: t.unhide }).click();
  await decide(page, t.unhide, '差し替えを確認しました');
  expect((await reader.page.request.get(`/api/reports/${reportId}`)).status()).toBe(200);
  // Members see no such button.
  await reader.page.goto(`/reports/${reportId}`);
  await expect(main(reader.page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main(reader.page).getByRole('button', { name: t.hide })).toHaveCount(0);
});

test('operator screens, a found member and the reason dialog have no serious or critical axe violation at 375 px and 1280 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const [member, operator] = await Promise.all([person(browser, '一般会員'), person(browser, '運営', true)]);
  const page = operator.page;
  const screens: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
    { path: '/moderation/queue', ready: async (p) => void (await expect(main(p).getByRole('heading', { level: 1, name: /通報キュー/ })).toBeVisible()) },
    {
      path: '/moderation/members',
      ready: async (p) => {
        await main(p).getByLabel(MODERATION_TEXTS.members.searchLabel).fill(member.publicId);
        await main(p).getByRole('button', { name: MODERATION_TEXTS.members.searchSubmit }).click();
        await expect(main(p).getByRole('article', { name: member.username })).toBeVisible();
      },
    },
    { path: '/moderation/audit-log', ready: async (p) => void (await expect(main(p).getByRole('heading', { level: 1, name: '操作履歴' })).toBeVisible()) },
    { path: '/category-manager', ready: async (p) => void (await expect(main(p).getByText('性別', { exact: true })).toBeVisible()) },
    { path: '/tag-manager', ready: async (p) => void (await expect(main(p).getByRole('heading', { level: 1, name: 'タグ管理' })).toBeVisible()) },
  ];
  const problems: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of screens) {
      await page.goto(screen.path);
      await screen.ready(page);
      problems.push(...(await seriousFindings(page, `${width}px ${screen.path}`)));
    }
    // The reason dialog too, open over the member screen.
    await page.goto('/moderation/members');
    await screens[1]?.ready(page);
    await main(page).getByRole('article', { name: member.username }).getByRole('button', { name: MODERATION_TEXTS.members.suspend }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    problems.push(...(await seriousFindings(page, `${width}px dialog`)));
  }
  expect(problems).toEqual([]);

  // A member opening an operator screen gets the operators-only page instead.
  await member.page.goto('/moderation/queue');
  await expect(main(member.page).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.queue })).toBeVisible();
  await expect(main(member.page).getByRole('link', { name: 'レポート一覧へ' })).toBeVisible();
  await expect(main(member.page).getByRole('article')).toHaveCount(0);
});
