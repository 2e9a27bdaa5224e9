import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { BOOT_SCREEN_ID, LIMITS, TEXTS, type MyReportListItem, type ReportDetail, type TagItem } from '@hiraku/shared';
import sharp from 'sharp';
import { createConfirmedMember, logInThroughApi, xsrfHeaders } from './support/members';
import { attachMainImage, createReportThroughApi } from './support/reports';
import { collectDialogs } from './support/dialogs';
import { main } from './support/page';

/**
 * Play reports as members live them, in Chromium against the real server: writing one with an image,
 * finding it in the list, likes, comments and reporting a comment, editing and deleting, drafts that
 * only their author sees, the infinite list, and the limits of the form.
 */

interface Member {
  page: Page;
  publicId: string;
  username: string;
}

let tagCache: TagItem[] | null = null;
async function tags(request: APIRequestContext): Promise<TagItem[]> {
  if (!tagCache) tagCache = (await (await request.get('/api/tags')).json()) as TagItem[];
  return tagCache;
}

async function tagOf(request: APIRequestContext, key: string, name?: string): Promise<TagItem> {
  const found = (await tags(request)).find((tag) => tag.category_id?.key === key && (name === undefined || tag.name === name));
  if (!found) throw new Error(`no ${key} tag ${name ?? ''}`);
  return found;
}

/** A signed-in member in a browser context of their own; with a profile unless told otherwise. */
async function member(browser: Browser, label: string, { profile = true } = {}): Promise<Member> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await createConfirmedMember(page.request, label);
  await logInThroughApi(page.request, account);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { publicId: string };
  const username = `${label}さん`;
  if (profile) {
    const response = await page.request.post('/api/profile/createOrUpdate', {
      headers: await xsrfHeaders(page.request),
      multipart: {
        username,
        gender: String((await tagOf(page.request, 'gender', '女性'))._id),
        sexualOrientation: String((await tagOf(page.request, 'sexualOrientation', 'バイセクシュアル'))._id),
        role: String((await tagOf(page.request, 'role', 'M'))._id),
        twitterId: '',
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return { page, publicId: me.publicId, username };
}

/** A real PNG the server can decode and re-encode. */
function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 128, g: 48, b: 106 } } })
    .png()
    .toBuffer();
}

function step(scope: Locator, n: number): Locator {
  return scope.getByRole('textbox', { name: `ステップ${n}`, exact: true });
}

function cardIds(page: Page): Promise<number[]> {
  return page.locator('[data-report-id]').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-report-id'))));
}

function idFromUrl(page: Page): number {
  const match = /\/reports\/(\d+)$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not on a report page: ${page.url()}`);
  return Number(match[1]);
}

test('a report goes from the form to the list, gets a like, a comment and a report, is edited and deleted', async ({ browser }) => {
  // Three members' pages through every step of a report: 60-70 s on CI's two shared cores.
  test.setTimeout(120_000);
  const a = await member(browser, 'writer');
  const b = await member(browser, 'reader');
  const c = await member(browser, 'watcher');
  const aDialogs = collectDialogs(a.page);
  const title = `はじめての後手縛り${Date.now() % 10000}`;

  // A writes the report, with an image; the profile filled in who A is.
  await a.page.goto('/create-report');
  const form = main(a.page);
  await expect(form.getByLabel('性別')).toHaveValue(String((await tagOf(a.page.request, 'gender', '女性'))._id));
  await expect(form.getByLabel('性癖（ロール）')).toHaveValue(String((await tagOf(a.page.request, 'role', 'M'))._id));
  await form.getByLabel('タイトル').fill(title);
  await form.getByRole('group', { name: /プレイ大分類/ }).getByRole('checkbox', { name: '緊縛' }).check();
  await form.getByRole('group', { name: /プレイ内容/ }).getByRole('checkbox', { name: '後手縛り' }).check();
  await form.getByLabel('道具1：道具名').fill('綿ロープ');
  await form.getByLabel('道具1：数量・特徴').fill('7m×2本');
  await step(form, 1).fill('合図とセーフワードを決める');
  await step(form, 2).fill('後手で軽く縛る');
  await form.getByRole('textbox', { name: '感想', exact: true }).fill('ゆっくり進めたので安心して楽しめました。');
  await form.getByLabel('注意点・ポイント').fill('手のしびれを何度も確かめること');
  await attachMainImage(form, { name: 'nawa.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(form.getByRole('img', { name: '選んだ画像のプレビュー' })).toBeVisible();
  await form.getByRole('button', { name: '公開する' }).click();

  await expect(a.page).toHaveURL(/\/reports$/);
  await expect.poll(() => aDialogs).toContain(TEXTS.report.created);
  const firstCard = main(a.page).locator('[data-report-id]').first();
  await expect(firstCard).toBeVisible();
  const card = main(a.page).locator('[data-report-id]', { hasText: title.slice(0, LIMITS.cardTitleCut) });
  await expect(card).toHaveCount(1);
  const reportId = Number(await card.getAttribute('data-report-id'));
  // At the top: only reports made after it (by tests running alongside) may come first.
  const ids = await cardIds(a.page);
  expect(ids.slice(0, ids.indexOf(reportId)).every((id) => id > reportId)).toBe(true);
  await expect(card.getByText('いいね: 0')).toBeVisible();
  await expect(card.getByRole('link', { name: a.username })).toHaveAttribute('href', `/profile/${a.publicId}`);

  // The detail page shows everything A wrote.
  await card.getByRole('link', { name: new RegExp(title.slice(0, 10)) }).click();
  await expect(a.page).toHaveURL(new RegExp(`/reports/${reportId}$`));
  const detail = main(a.page);
  await expect(detail.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const image = detail.getByRole('img', { name: `「${title}」のメイン画像` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(detail.getByRole('cell', { name: '綿ロープ' })).toBeVisible();
  await expect(detail.getByRole('listitem').filter({ hasText: '後手で軽く縛る' })).toBeVisible();
  await expect(detail.getByText('ゆっくり進めたので安心して楽しめました。')).toBeVisible();
  await expect(detail.getByText('緊縛', { exact: true })).toBeVisible();

  // B likes it, and the count follows the server's answer.
  await b.page.goto(`/reports/${reportId}`);
  const like = main(b.page).getByRole('button', { name: 'いいね' });
  await expect(main(b.page).getByTestId('like-count')).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(main(b.page).getByTestId('like-count')).toHaveText('1');

  // B comments; an empty comment is refused first.
  const comments = main(b.page).getByRole('region', { name: /コメント/ });
  await comments.getByRole('button', { name: 'コメントする' }).click();
  await expect(comments.getByText(TEXTS.comment.empty)).toBeVisible();
  const commentText = 'とても参考になりました。次は私も試してみます。';
  await comments.getByLabel('コメントを書く').fill(commentText);
  await expect(comments.getByText(`${Array.from(commentText).length} / ${LIMITS.commentMax}文字`)).toBeVisible();
  await comments.getByRole('button', { name: 'コメントする' }).click();
  const bComment = comments.getByRole('listitem').filter({ hasText: 'とても参考になりました。' });
  await expect(bComment).toBeVisible();
  await expect(bComment.getByRole('button', { name: '削除' })).toBeVisible();
  await expect(bComment.getByRole('button', { name: TEXTS.flag.screens.button })).toHaveCount(0);

  // C reports B's comment (and cannot delete it).
  const cDialogs = collectDialogs(c.page);
  await c.page.goto(`/reports/${reportId}`);
  const cComment = main(c.page).getByRole('listitem').filter({ hasText: 'とても参考になりました。' });
  await expect(cComment.getByRole('button', { name: '削除' })).toHaveCount(0);
  // The question comes in the page's own dialog (issue 18: a category, with an optional note for the operators).
  await cComment.getByRole('button', { name: TEXTS.flag.screens.button }).click();
  const reportDialog = c.page.getByRole('dialog', { name: TEXTS.flag.screens.dialogTitle });
  await expect(reportDialog).toHaveAccessibleDescription(TEXTS.flag.screens.dialogIntro(TEXTS.flag.screens.targetNames.comment));
  await reportDialog.getByRole('radio', { name: TEXTS.flag.categories.nonConsensual.label, exact: true }).check();
  await reportDialog.getByLabel(TEXTS.flag.screens.noteLabel).fill('個人が特定できる情報が書かれています');
  await reportDialog.getByRole('button', { name: TEXTS.flag.screens.submit }).click();
  await expect(main(c.page).getByText(TEXTS.flag.received)).toBeVisible();
  await expect(reportDialog).toHaveCount(0);
  expect(cDialogs).toEqual([]);
  // Flagged once: the button says so; flagging again updates the first flag instead of counting twice.
  await cComment.getByRole('button', { name: TEXTS.flag.screens.buttonDone }).click();
  await reportDialog.getByRole('radio', { name: TEXTS.flag.categories.harassment.label, exact: true }).check();
  await reportDialog.getByRole('button', { name: TEXTS.flag.screens.submit }).click();
  await expect(main(c.page).getByText(TEXTS.flag.updated)).toBeVisible();
  await expect(main(c.page).getByTestId('like-count')).toHaveText('1');

  // B takes the comment back; it leaves the list at once and for good.
  const bDialogs = collectDialogs(b.page);
  await bComment.getByRole('button', { name: '削除' }).click();
  await expect(bComment).toHaveCount(0);
  await expect.poll(() => bDialogs).toEqual([TEXTS.comment.screens.deleteConfirm]);
  await expect(comments.getByText(TEXTS.comment.screens.empty)).toBeVisible();
  await c.page.reload();
  await expect(main(c.page).getByText(commentText)).toHaveCount(0);

  // A edits the title.
  await a.page.goto(`/reports/${reportId}`);
  await main(a.page).getByRole('link', { name: '編集する' }).click();
  await expect(a.page).toHaveURL(new RegExp(`/edit-report/${reportId}$`));
  const titleField = main(a.page).getByLabel('タイトル');
  await expect(titleField).toHaveValue(title);
  await titleField.fill(`${title}（改）`);
  await main(a.page).getByRole('button', { name: '公開する' }).click();
  await expect(a.page).toHaveURL(/\/reports$/);
  await expect.poll(() => aDialogs).toContain(TEXTS.report.updated);
  await a.page.goto(`/reports/${reportId}`);
  await expect(main(a.page).getByRole('heading', { level: 1, name: `${title}（改）` })).toBeVisible();

  // A deletes it after confirming; it is gone from the list and its page.
  await main(a.page).getByRole('link', { name: '編集する' }).click();
  await main(a.page).getByRole('button', { name: 'このレポートを削除' }).click();
  await expect(a.page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => aDialogs).toContain(TEXTS.report.deleteConfirm);
  await expect.poll(() => aDialogs).toContain(TEXTS.report.deleted);
  await a.page.goto('/reports');
  // The app's own list, drawn from the first page the server read for the page (or read by the app).
  await expect(a.page.locator(`#${BOOT_SCREEN_ID}`)).toHaveCount(0);
  await expect(main(a.page).locator('article.report-card').first()).toBeVisible();
  await expect(main(a.page).getByText(TEXTS.common.loading)).toHaveCount(0);
  await expect(main(a.page).locator(`[data-report-id="${reportId}"]`)).toHaveCount(0);
  await a.page.goto(`/reports/${reportId}`);
  await expect(main(a.page).getByRole('heading', { name: 'レポートが見つかりません' })).toBeVisible();
});

test('a draft is seen by its author only', async ({ browser }) => {
  const a = await member(browser, 'drafter');
  const b = await member(browser, 'outsider');
  const dialogs = collectDialogs(a.page);
  const title = `まだ秘密の下書き${Date.now() % 10000}`;

  await a.page.goto('/create-report');
  await main(a.page).getByLabel('タイトル').fill(title);
  await main(a.page).getByRole('button', { name: '下書きとして保存' }).click();
  await expect(a.page).toHaveURL(/\/reports$/);
  await expect.poll(() => dialogs).toContain(TEXTS.report.created);

  const mine = (await (await a.page.request.get('/api/reports/my-reports')).json()) as MyReportListItem[];
  const draft = mine.find((report) => report.title === title);
  expect(draft?.isDraft).toBe(true);
  const draftId = draft?._id ?? 0;
  await expect(main(a.page).locator(`[data-report-id="${draftId}"]`)).toHaveCount(0);

  await a.page.goto(`/reports/${draftId}`);
  await expect(main(a.page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main(a.page).getByText('下書き', { exact: true })).toBeVisible();

  await b.page.goto(`/reports/${draftId}`);
  await expect(main(b.page).getByRole('heading', { name: 'レポートが見つかりません' })).toBeVisible();
  await expect(main(b.page).getByText(title)).toHaveCount(0);
  expect((await b.page.request.get(`/api/reports/${draftId}`)).status()).toBe(404);
  await b.page.goto(`/edit-report/${draftId}`);
  await expect(main(b.page).getByText(TEXTS.report.notFound)).toBeVisible();
  await expect(main(b.page).getByLabel('タイトル')).toHaveCount(0);
});

test('the list loads page after page as it is scrolled, each report once, and says when all are loaded', async ({ browser }) => {
  const seeder = await member(browser, 'seeder');
  const seeded: number[] = [];
  for (let i = 1; i <= 22; i += 1) seeded.push(await createReportThroughApi(seeder.page.request, `スクロール確認${i}`));

  const { page } = await member(browser, 'scroller', { profile: false });
  const cursors: Array<string | null> = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/reports/infinite') {
      expect(url.searchParams.get('limit')).toBe(String(LIMITS.pageSize));
      cursors.push(url.searchParams.get('lastKey'));
    }
  });
  await page.addInitScript(() => window.localStorage.removeItem('sortOption'));
  await page.goto('/reports');
  await expect(main(page).locator('[data-report-id]').first()).toBeVisible();
  const firstPage = await cardIds(page);
  expect(firstPage.length).toBeLessThan(seeded.length);

  const end = main(page).getByText(TEXTS.report.list.allLoaded);
  for (let round = 0; round < 60 && !(await end.isVisible()); round += 1) {
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();

  const ids = await cardIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of seeded) expect(ids.filter((shown) => shown === id)).toHaveLength(1);
  // Newest first, and no page was asked for twice (no load starts while one is running).
  const seededInList = ids.filter((id) => seeded.includes(id));
  expect(seededInList).toEqual([...seeded].reverse());
  expect(new Set(cursors).size).toBe(cursors.length);
  expect(cursors.length).toBeGreaterThanOrEqual(Math.ceil(seeded.length / LIMITS.pageSize));
});

test('the sort order is remembered, and the keyword block and search box lead to the search results @mobile', async ({ browser }) => {
  const { page } = await member(browser, 'sorter', { profile: false });
  await page.goto('/reports');
  const sort = main(page).getByLabel('並び順');
  await expect(sort).toHaveValue('new');
  const oldFirst = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/reports/infinite' && url.searchParams.get('sort') === 'old' && !url.searchParams.get('lastKey');
  });
  await sort.selectOption('old');
  await oldFirst;
  expect(await page.evaluate(() => window.localStorage.getItem('sortOption'))).toBe('old');
  // The list started again from the oldest report.
  await expect(main(page).getByText(TEXTS.common.loading)).toHaveCount(0);
  const oldIds = await cardIds(page);
  expect(oldIds).toEqual([...oldIds].sort((x, y) => x - y));
  await page.reload();
  await expect(main(page).getByLabel('並び順')).toHaveValue('old');
  await main(page).getByRole('button', { name: '並び順をリセット' }).click();
  await expect(main(page).getByLabel('並び順')).toHaveValue('new');
  expect(await page.evaluate(() => window.localStorage.getItem('sortOption'))).toBeNull();

  const keywords = main(page).getByRole('region', { name: '人気のキーワード' });
  const firstKeyword = keywords.getByRole('link').first();
  const word = (await firstKeyword.textContent()) ?? '';
  await firstKeyword.click();
  await expect(page).toHaveURL(`/search-results?query=${encodeURIComponent(word)}`);

  await page.goto('/reports');
  const search = main(page).getByRole('search', { name: 'レポートをキーワードで探す' });
  await search.getByRole('searchbox').fill('首輪 リード');
  await search.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(`/search-results?query=${encodeURIComponent('首輪 リード')}`);
});

test('the form keeps to its limits, renumbers steps and asks before unsaved words are lost', async ({ browser }) => {
  const { page } = await member(browser, 'limits');
  const dialogs = collectDialogs(page, { dismiss: new RegExp(TEXTS.report.leaveWarning) });
  await page.goto('/create-report');
  const form = main(page);

  // Title: the 31st character is refused with the message.
  const titleField = form.getByLabel('タイトル');
  await titleField.fill('縄'.repeat(LIMITS.reportTitleMax));
  await expect(form.getByText('30 / 30文字')).toBeVisible();
  await titleField.press('End');
  await page.keyboard.type('あ');
  await expect(titleField).toHaveValue('縄'.repeat(LIMITS.reportTitleMax));
  await expect(form.getByText(TEXTS.report.titleTooLong)).toBeVisible();

  // Play categories: the 4th is refused with 「3個まで選択できます」.
  const categories = form.getByRole('group', { name: /プレイ大分類/ });
  const boxes = categories.getByRole('checkbox');
  for (let i = 0; i < LIMITS.playCategoriesMax; i += 1) await boxes.nth(i).check();
  await boxes.nth(LIMITS.playCategoriesMax).click();
  await expect.poll(() => dialogs).toContain('3個まで選択できます');
  await expect(boxes.nth(LIMITS.playCategoriesMax)).not.toBeChecked();
  await expect(categories.getByText(TEXTS.report.form.selectionCount(3, LIMITS.playCategoriesMax))).toBeVisible();

  // Steps start as three with hints, and removing the first renumbers the rest from 1.
  await expect(step(form, 1)).toHaveAttribute('placeholder', '序盤');
  await expect(step(form, 3)).toHaveAttribute('placeholder', '終盤');
  await step(form, 1).fill('一つ目');
  await step(form, 2).fill('二つ目');
  await step(form, 3).fill('三つ目');
  await form.getByRole('button', { name: 'ステップ1を削除' }).click();
  await expect(step(form, 1)).toHaveValue('二つ目');
  await expect(step(form, 2)).toHaveValue('三つ目');
  await expect(step(form, 3)).toHaveCount(0);
  for (let n = 3; n <= LIMITS.stepsMax; n += 1) await form.getByRole('button', { name: 'ステップを追加' }).click();
  await expect(step(form, LIMITS.stepsMax)).toBeVisible();
  await form.getByRole('button', { name: 'ステップを追加' }).click();
  await expect.poll(() => dialogs).toContain(TEXTS.report.stepsMax);
  await expect(step(form, LIMITS.stepsMax + 1)).toHaveCount(0);

  // Tools: a 26-character quantity is refused; the 11th row too.
  const quantity = form.getByLabel('道具1：数量・特徴');
  await quantity.fill('あ'.repeat(LIMITS.toolQuantityMax));
  await quantity.press('End');
  await page.keyboard.type('い');
  await expect.poll(() => dialogs).toContain(TEXTS.report.toolQuantityMax);
  await expect(quantity).toHaveValue('あ'.repeat(LIMITS.toolQuantityMax));
  for (let n = 2; n <= LIMITS.toolsMax; n += 1) await form.getByRole('button', { name: '道具を追加' }).click();
  await form.getByRole('button', { name: '道具を追加' }).click();
  await expect.poll(() => dialogs).toContain(TEXTS.report.toolsMax);
  await expect(form.getByLabel(`道具${LIMITS.toolsMax + 1}：道具名`)).toHaveCount(0);

  // Publishing without the ※ fields is stopped before anything is sent.
  await form.getByRole('button', { name: '公開する' }).click();
  await expect(form.getByText(TEXTS.report.requiredForPublish('プレイ内容')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/create-report$/);

  // Leaving with a title typed asks first; staying keeps everything.
  await page.getByRole('navigation', { name: 'フッターメニュー' }).getByRole('link', { name: 'マイページ' }).click();
  await expect.poll(() => dialogs).toContain(TEXTS.report.leaveWarning);
  await expect(page).toHaveURL(/\/create-report$/);
  await expect(titleField).toHaveValue('縄'.repeat(LIMITS.reportTitleMax));
});

test('without a profile the form sends the member to make one', async ({ browser }) => {
  const { page } = await member(browser, 'noprofile', { profile: false });
  const dialogs = collectDialogs(page);
  await page.goto('/create-report');
  await expect(page).toHaveURL(/\/profile$/);
  await expect.poll(() => dialogs).toEqual([TEXTS.profile.notSet]);
});

test('the detail page of a report shows the fallback image and counts likes for the author too', async ({ browser }) => {
  const a = await member(browser, 'plain');
  const id = await createReportThroughApi(a.page.request, '画像なしのレポート');
  await a.page.goto(`/reports/${id}`);
  await expect(main(a.page).getByRole('img', { name: TEXTS.common.noImage })).toBeVisible();
  const report = (await (await a.page.request.get(`/api/reports/${id}`)).json()) as ReportDetail;
  expect(report.abilities.like).toBe(false);
  await main(a.page).getByRole('button', { name: 'いいね' }).click();
  await expect(main(a.page).getByText(TEXTS.like.ownReport)).toBeVisible();
  await expect(main(a.page).getByTestId('like-count')).toHaveText('0');
  expect(idFromUrl(a.page)).toBe(id);
});
