import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { AUDIT_ACTION_LABELS, CONTACT_CATEGORY_LABELS, DESKTOP_MESSAGES, LIMITS, MODERATION_TEXTS, SECURITY_TEXTS, TEXTS } from '@hiraku/shared';
import { installDesktopBridge, logInToDesktop, startDesktopHost } from './support/desktopHost';
import { E2E_BASE_URL } from './support/env';
import { xsrfHeaders, type TestMember } from './support/members';
import { commentThroughApi, decide, expectMinorCaseOnTop, flagInPage, person, queueItem, reportCommentThroughApi } from './support/moderation';
import { createUserWithCli } from './support/operators';
import { createReportThroughApi } from './support/reports';
import { totpCode } from './support/twoFactor';
import { main, revealInList } from './support/page';

/**
 * The desktop app's built renderer in Chromium, its bridge backed by the real request proxy against the
 * real server on MariaDB: an operator logs in and curates categories and tags, decides reported comments,
 * suspends a member and finds it all in the audit log, handles an enquiry and reads the daily chart; a
 * member is refused; and nothing is ever sent as analytics.
 */

let host: Awaited<ReturnType<typeof startDesktopHost>>;
test.beforeAll(async () => {
  host = await startDesktopHost(E2E_BASE_URL);
});
test.afterAll(() => host?.close());

const suffix = () => Math.random().toString(36).slice(2, 7);

/** Starts the app and logs in (operators have two-factor sign-in: the form asks for the code next, issue 21). */
const logIn = (page: Page, account: TestMember) => logInToDesktop(page, host.url, account);

test('an operator without two-factor sign-in is led to set it up in the desktop app, and then reaches the queue', async ({ page }) => {
  const operator = await createUserWithCli('desktop-no-2fa', { operator: true, twoFactor: false });
  await installDesktopBridge(page, E2E_BASE_URL);
  await page.goto(`${host.url}/index.html#/login`);
  await main(page).getByLabel('メールアドレス').fill(operator.email);
  await main(page).getByLabel('パスワード').fill(operator.password);
  await main(page).getByRole('button', { name: 'ログイン' }).click();

  const section = main(page).getByRole('region', { name: SECURITY_TEXTS.twoFactor.heading });
  await expect(section.getByText(SECURITY_TEXTS.twoFactor.operatorRequired)).toBeVisible();
  await section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.start }).click();
  await expect(section.getByRole('img', { name: SECURITY_TEXTS.twoFactor.qrAlt })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await section.getByLabel(SECURITY_TEXTS.twoFactor.codeLabel).fill(await totpCode(secret));
  await section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.enable }).click();
  await expect(section.getByRole('region', { name: SECURITY_TEXTS.twoFactor.recoveryHeading }).getByRole('listitem')).toHaveCount(LIMITS.recoveryCodeCount);
  await section.getByRole('button', { name: SECURITY_TEXTS.twoFactor.recoveryDone }).click();
  await expect(section.getByText(SECURITY_TEXTS.twoFactor.enabledState)).toBeVisible();

  await page.getByRole('navigation', { name: '運営メニュー' }).getByRole('link', { name: '通報キュー' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: '通報キュー' })).toBeVisible();
  await expect(main(page).getByText(TEXTS.security.operatorNeedsTwoFactor)).toHaveCount(0);
});

test('an operator logs in, renames a category and creates a tag in the desktop app', async ({ page }) => {
  const operator = await createUserWithCli('desktop-operator', { operator: true });
  await logIn(page, operator);
  // The desktop app opens on the reported-comment queue, the operators' daily work.
  await expect(main(page).getByRole('heading', { level: 1, name: '通報キュー' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '運営メニュー' });
  for (const item of ['通報キュー', '会員管理', '操作履歴', 'カテゴリ管理', 'タグ管理', 'お問い合わせ管理', 'アクセス解析']) await expect(nav.getByRole('link', { name: item })).toBeVisible();
  // Operator mode: nothing of the member screens.
  await expect(page.getByRole('link', { name: 'レポート一覧' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'カテゴリ管理' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'カテゴリ管理' })).toBeVisible();

  const name = `デスクトップ${suffix()}`;
  await main(page).getByLabel('新しいカテゴリ名').fill(name);
  await main(page).getByRole('button', { name: '追加', exact: true }).click();
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.taxonomy.categoryCreated })).toBeVisible();
  const renamed = `改名${suffix()}`;
  await main(page).getByRole('button', { name: `「${name}」の名前を変更` }).click();
  const renameBox = main(page).getByLabel(`「${name}」の新しい名前`);
  await renameBox.fill(renamed);
  await renameBox.press('Enter');
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.taxonomy.categoryUpdated })).toBeVisible();
  await expect(main(page).getByText(renamed, { exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'タグ管理' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'タグ管理' })).toBeVisible();
  const playCategory = main(page).getByRole('region', { name: 'プレイ大分類' });
  await playCategory.getByRole('button', { name: '「プレイ大分類」にタグを追加' }).click();
  const dialog = page.getByRole('dialog', { name: 'タグを追加' });
  const tag = `卓上${suffix()}`;
  await dialog.getByLabel('タグ名').fill(tag);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.taxonomy.tagCreated })).toBeVisible();
  await expect(playCategory.getByText(tag, { exact: true })).toBeVisible();

  // The server really has both, seen from outside the app.
  const categories = (await (await fetch(`${E2E_BASE_URL}/api/categories`)).json()) as { name: string }[];
  expect(categories.map((category) => category.name)).toContain(renamed);
});

test('a member is refused with the operators-only message and stays signed out', async ({ page }) => {
  const member = await createUserWithCli('desktop-member');
  await logIn(page, member);
  await expect(main(page).getByRole('alert').filter({ hasText: /\S/ })).toHaveText(DESKTOP_MESSAGES.operatorsOnly);
  await page.goto(`${host.url}/index.html#/category-manager`);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('navigation', { name: '運営メニュー' })).toHaveCount(0);
});

test('an operator decides reported comments, suspends a member, finds each action in the audit log, handles an enquiry and reads the daily chart', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // Since issue 18 the queue is the case queue: its decisions' labels and message.
  const q = MODERATION_TEXTS.cases;
  const [author, writer, suspect, reporter] = await Promise.all([person(browser, '書き手'), person(browser, 'コメント主'), person(browser, '違反者'), person(browser, '通報者')]);
  const reportId = await createReportThroughApi(author.page.request, `デスクトップで裁く記録${suffix()}`);
  const dismissed = `デスクトップで却下される感想${suffix()}`;
  const deleted = `デスクトップで削除される書き込み${suffix()}`;
  await reportCommentThroughApi(reporter.page.request, await commentThroughApi(writer.page.request, reportId, dismissed), '念のため確認をお願いします');
  await reportCommentThroughApi(reporter.page.request, await commentThroughApi(writer.page.request, reportId, deleted), '個人情報が書かれています');
  // A visitor writes through the contact form's endpoint.
  const enquiryText = `デスクトップで対応するお問い合わせ${suffix()}`;
  const sent = await request.post('/api/contact', { headers: await xsrfHeaders(request), data: { category: 'content', name: 'たろう', email: 'taro@example.jp', content: enquiryText } });
  expect(sent.status(), await sent.text()).toBe(201);

  const operatorName = `運営${suffix()}`;
  const operator = await createUserWithCli('desktop-moderator', { operator: true, username: operatorName });
  const webRequests: string[] = [];
  page.on('request', (sentRequest) => webRequests.push(new URL(sentRequest.url()).pathname));
  const bridge = await logIn(page, operator);
  const nav = page.getByRole('navigation', { name: '運営メニュー' });
  await expect(main(page).getByRole('heading', { level: 1, name: /通報キュー/ })).toBeVisible();

  // The queue: one reported comment dismissed, another deleted, each with its reason.
  const dismissReason = `表現の範囲内です${suffix()}`;
  await revealInList(page, queueItem(page, dismissed));
  await queueItem(page, dismissed).getByRole('button', { name: q.actions.dismiss, exact: true }).click();
  await decide(page, q.actions.dismiss, dismissReason);
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.moderation.cases.resolved })).toBeVisible();
  await expect(queueItem(page, dismissed)).toHaveCount(0);
  const deleteReason = `個人情報のため削除${suffix()}`;
  await revealInList(page, queueItem(page, deleted));
  await queueItem(page, deleted).getByRole('button', { name: q.actions.delete, exact: true }).click();
  await decide(page, q.actions.delete, deleteReason);
  await expect(queueItem(page, deleted)).toHaveCount(0);
  const seen = (await (await author.page.request.get(`/api/comments?articleId=${reportId}`)).json()) as { text: string }[];
  expect(seen.map((comment) => comment.text)).toEqual([dismissed]);

  // Member management: the member is suspended, with a reason.
  const m = MODERATION_TEXTS.members;
  await nav.getByRole('link', { name: '会員管理' }).click();
  await main(page).getByLabel(m.searchLabel).fill(suspect.publicId);
  await main(page).getByRole('button', { name: m.searchSubmit }).click();
  const card = main(page).getByRole('article', { name: suspect.username });
  await card.getByRole('button', { name: m.suspend }).click();
  const suspendReason = `度重なる規約違反${suffix()}`;
  await decide(page, m.suspend, suspendReason);
  await expect(card).toContainText(m.suspendedIndefinitely);
  expect((await suspect.page.request.get('/api/auth/me')).status()).toBe(401);

  // The audit log has all three, each with the operator and the reason.
  await nav.getByRole('link', { name: '操作履歴' }).click();
  const log = main(page).getByRole('list');
  for (const [action, reason] of [
    ['comment.dismiss_reports', dismissReason],
    ['comment.delete', deleteReason],
    ['user.suspend', suspendReason],
  ] as const) {
    const row = log.getByRole('listitem').filter({ hasText: reason });
    await expect(row).toContainText(AUDIT_ACTION_LABELS[action]);
    await expect(row).toContainText(operatorName);
  }

  // Enquiries: the visitor's one is among the open ones, read in full and marked handled.
  const e = MODERATION_TEXTS.enquiries;
  await nav.getByRole('link', { name: 'お問い合わせ管理' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'お問い合わせ管理' })).toBeVisible();
  const summary = main(page).getByRole('article').filter({ hasText: enquiryText });
  await summary.getByRole('link', { name: new RegExp(CONTACT_CATEGORY_LABELS.content) }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.enquiry })).toBeVisible();
  await expect(main(page)).toContainText(enquiryText);
  await expect(main(page)).toContainText('taro@example.jp');
  await main(page).getByRole('button', { name: e.markHandled }).click();
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.contact.markedHandled })).toBeVisible();
  await expect(main(page).getByRole('button', { name: e.markOpen })).toBeVisible();
  await main(page).getByRole('link', { name: e.backToList }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'お問い合わせ管理' })).toBeVisible();
  await expect(main(page).getByRole('radio', { name: e.statuses.open })).toBeChecked();
  await expect(main(page).getByRole('article').filter({ hasText: enquiryText })).toHaveCount(0);
  await main(page).getByRole('radio', { name: e.statuses.handled }).check();
  await expect(main(page).getByRole('article').filter({ hasText: enquiryText })).toContainText(e.handled);

  // Analytics: the chart and its table for the last 30 days.
  const a = MODERATION_TEXTS.analytics;
  await nav.getByRole('link', { name: 'アクセス解析' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'アクセス解析' })).toBeVisible();
  const chart = main(page).getByRole('img', { name: new RegExp(a.pageViewsHeading) });
  await expect(chart).toBeVisible();
  await expect.poll(() => chart.evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(0);
  const table = main(page).getByRole('region', { name: a.tableRegion }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(31);

  // The desktop app sends no analytics: the renderer never asked, and nothing reached the server's beacon.
  expect(bridge.requests).toContain('GET /api/moderation/analytics/daily');
  expect(bridge.requests.some((call) => /^PUT \/api\/moderation\/enquiries\/\d+\/handled$/.test(call))).toBe(true);
  expect(bridge.requests.filter((call) => call.includes('/api/analytics/'))).toEqual([]);
  expect(webRequests.filter((path) => path.startsWith('/api/'))).toEqual([]);
});

test('flags in the desktop app: a report flagged 未成年の疑い by two members tops the queue; claimed, noted, hidden, appealed, overturned; three spam flags dismissed at once by keyboard', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const c = MODERATION_TEXTS.cases;
  const f = TEXTS.flag.screens;
  const [author, first, second, reader] = await Promise.all([person(browser, '書き手'), person(browser, '通報者A'), person(browser, '通報者B'), person(browser, '読み手')]);
  const title = `デスクトップの年齢確認${suffix()}`;
  const reportId = await createReportThroughApi(author.page.request, title);
  const status = async () => (await reader.page.request.get(`/api/reports/${reportId}`)).status();
  for (const flagger of [first, second]) {
    await flagger.page.goto(`/reports/${reportId}`);
    await flagInPage(flagger.page, main(flagger.page), TEXTS.flag.categories.minor.label);
  }
  expect(await status()).toBe(404);
  const spam = [`デスクトップの宣伝一${suffix()}`, `デスクトップの宣伝二${suffix()}`, `デスクトップの宣伝三${suffix()}`];
  for (const spamTitle of spam) {
    const id = await createReportThroughApi(author.page.request, spamTitle);
    await first.page.request.post('/api/flags', { headers: await xsrfHeaders(first.page.request), data: { targetType: 'report', targetId: id, category: 'spam' } });
  }

  const operatorName = `運営${suffix()}`;
  await logIn(page, await createUserWithCli('desktop-cases', { operator: true, username: operatorName }));
  await expect(main(page).getByRole('heading', { level: 1, name: /通報キュー/ })).toBeVisible();
  const item = main(page).getByRole('article').filter({ hasText: title });
  await expectMinorCaseOnTop(page, title);
  await item.getByRole('button', { name: c.claim }).click();
  await expect(item).toContainText(c.claimedBy(operatorName));
  await item.getByLabel(c.noteLabel).fill('書類の確認待ち');
  await item.getByRole('button', { name: c.noteSubmit }).click();
  await expect(item).toContainText('書類の確認待ち');
  await item.getByRole('button', { name: c.actions.hide, exact: true }).click();
  await decide(page, c.actions.hide, '年齢の確認が取れないため');
  await expect(item).toHaveCount(0);

  // The author appeals from the decision (the web app). The operator who hid it is refused the appeal in
  // the desktop app (issue 38); another operator overturns it.
  await author.page.goto(`/reports/${reportId}`);
  await main(author.page).getByRole('note', { name: f.decidedTitle }).getByRole('link', { name: f.decisionLink }).click();
  await main(author.page).getByLabel(f.appealLabel).fill('全員成人です。');
  await main(author.page).getByRole('button', { name: f.appealSubmit }).click();
  await expect(main(author.page).getByText(TEXTS.flag.appealFiled)).toBeVisible();
  await page.reload();
  const appeal = main(page).getByRole('article').first();
  await expect(appeal).toContainText('全員成人です。');
  await appeal.getByRole('button', { name: c.actions.overturn }).click();
  const refused = page.getByRole('alertdialog', { name: c.actions.overturn });
  await refused.getByLabel(MODERATION_TEXTS.common.reasonLabel).fill('成人と確認しました');
  await refused.getByRole('button', { name: c.actions.overturn }).click();
  await expect(refused.getByRole('alert')).toHaveText(TEXTS.moderation.rules.appealSameOperator);
  await refused.getByRole('button', { name: MODERATION_TEXTS.common.cancel }).click();
  const reviewer = await person(browser, '別の運営', true);
  await reviewer.page.goto('/moderation/queue');
  await main(reviewer.page).getByRole('article').filter({ hasText: '全員成人です。' }).getByRole('button', { name: c.actions.overturn }).click();
  await decide(reviewer.page, c.actions.overturn, '成人と確認しました');
  expect(await status()).toBe(200);

  // Three spam flags, selected with the space bar and Shift, dismissed together from the keyboard.
  await main(page).getByLabel(c.category).selectOption({ label: TEXTS.flag.categories.spam.label });
  const items = spam.map((text) => main(page).getByRole('article').filter({ hasText: text }));
  await revealInList(page, items[2]!, 'the last of the three spam cases');
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('j');
  for (let step = 0; step < 50 && !(await focusedText()).includes(spam[0]!); step += 1) await page.keyboard.press('j');
  await expect(items[0]!).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('Shift+Space');
  await expect(main(page).getByRole('region', { name: c.bulkBar(3) })).toBeVisible();
  await page.keyboard.press('d');
  await page.keyboard.type('宣伝ではありません');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.moderation.cases.bulkResolved })).toBeVisible();
  for (const gone of items) await expect(gone).toHaveCount(0);
});
