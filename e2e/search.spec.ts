import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { type CategoryKey, type ReportSearchResponse, type TagItem } from '@hiraku/shared';
import { E2E_BASE_URL } from './support/env';
import { logInThroughApi, xsrfHeaders } from './support/members';
import { createUserWithCli } from './support/operators';
import { postReportForm } from './support/reports';
import { main } from './support/page';

/**
 * /search-results in Chromium against the real server and its Meilisearch: reports published through the
 * API, liked by other members, then found through the header search box, narrowed by a play category,
 * sorted by likes, paged with もっと見る, with the address keeping every condition for reload and back.
 */

type TagIds = (key: CategoryKey, name: string) => number;

async function tagIds(request: APIRequestContext): Promise<TagIds> {
  const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
  return (key, name) => {
    const tag = tags.find((t) => t.category_id?.key === key && t.name === name);
    if (!tag) throw new Error(`no ${key} tag named ${name}`);
    return tag._id;
  };
}

interface SeedReport {
  title: string;
  description: string;
  playCategory: string;
  playContent: string;
  likes: number;
}

async function publish(request: APIRequestContext, tag: TagIds, report: SeedReport): Promise<number> {
  return postReportForm(request, {
    title: report.title,
    description: report.description,
    tips: '合図を決めてから始めること。',
    duration: '1時間',
    gender: tag('gender', '女性'),
    sexualOrientation: tag('sexualOrientation', 'ヘテロセクシュアル'),
    role: tag('role', 'M'),
    isDraft: false,
    tools: [{ name: '安全ばさみ', quantity: '1本' }],
    play: [
      { stepNumber: 1, action: '挨拶と合図の確認' },
      { stepNumber: 2, action: 'ゆっくり始める' },
      { stepNumber: 3, action: 'アフターケア' },
    ],
    playCategories: [tag('playCategory', report.playCategory)],
    playContents: [tag('playContent', report.playContent)],
  });
}

async function like(request: APIRequestContext, reportId: number): Promise<void> {
  const response = await request.post(`/api/likes/${reportId}/toggle`, { data: { liked: true }, headers: await xsrfHeaders(request) });
  if (!response.ok()) throw new Error(`like answered ${response.status()}: ${await response.text()}`);
}

function resultTitles(page: Page) {
  return main(page).getByRole('list', { name: '検索結果の一覧' }).getByRole('heading', { level: 3 });
}

test('a member finds reports by a word, narrows them by play category, sorts them by likes and pages on', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  // A word no other test writes, so the counts below are this test's reports only.
  const token = `kw${Math.random().toString(36).slice(2, 8)}`;
  const rope: SeedReport = { title: '縄で結ぶ静かな夜', description: `結び目をひとつずつ確かめました。合言葉 ${token}`, playCategory: '緊縛', playContent: '後手縛り', likes: 2 };
  const collar: SeedReport = { title: '首輪をつけた日の記録', description: `首輪を渡す儀式から始めました。合言葉 ${token}`, playCategory: '主従', playContent: '命令', likes: 3 };
  const candle: SeedReport = { title: 'ろうそくの灯りと熱', description: `低い位置から垂らしました。合言葉 ${token}`, playCategory: '痛み系', playContent: 'ろうそく', likes: 0 };
  const walk: SeedReport = { title: '主従の散歩の練習', description: `ゆっくり歩く練習をしました。合言葉 ${token}`, playCategory: '主従', playContent: '放置', likes: 1 };
  const fillers: SeedReport[] = Array.from({ length: 6 }, (_, i) => ({
    title: `くすぐりの記録${i + 1}`,
    description: `笑いが止まらない時間でした。合言葉 ${token}`,
    playCategory: '焦らし',
    playContent: 'くすぐり',
    likes: 0,
  }));

  const [author, ...likers] = await Promise.all([
    createUserWithCli('search-author', { username: '検索する会員' }),
    createUserWithCli('search-liker-1'),
    createUserWithCli('search-liker-2'),
    createUserWithCli('search-liker-3'),
  ]);
  await logInThroughApi(page.request, author);
  const tag = await tagIds(page.request);
  const ids = new Map<SeedReport, number>();
  for (const report of [rope, collar, candle, walk, ...fillers]) ids.set(report, await publish(page.request, tag, report));
  for (const [index, liker] of likers.entries()) {
    const context = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    await logInThroughApi(context, liker);
    for (const report of [rope, collar, walk]) if (report.likes > index) await like(context, ids.get(report) ?? 0);
    await context.dispose();
  }

  // The outbox worker indexes within a second or two, likes included.
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get('/api/reports/search/advanced', { params: { query: token, sort: 'like' } })).json()) as ReportSearchResponse;
        return [answer.total, ...answer.reports.slice(0, 3).map((r) => r.title)];
      },
      { timeout: 20_000 },
    )
    .toEqual([10, collar.title, rope.title, walk.title]);

  // The header box: 縄 finds the rope report and none of the others.
  await page.goto('/reports');
  const headerSearch = page.getByRole('banner').getByRole('searchbox', { name: 'レポートを検索' });
  await headerSearch.fill('縄');
  await headerSearch.press('Enter');
  await expect(page).toHaveURL(/\/search-results\?query=%E7%B8%84$/);
  await expect(main(page).getByRole('heading', { level: 1, name: '「縄」の検索結果' })).toBeVisible();
  await expect(resultTitles(page).filter({ hasText: rope.title })).toHaveCount(1);
  for (const other of [collar, candle, walk, ...fillers]) await expect(resultTitles(page).filter({ hasText: other.title })).toHaveCount(0);

  // The page's own box, prefilled, searches for the shared word: 8 cards, then もっと見る for the rest.
  const pageSearch = main(page).getByRole('searchbox', { name: 'キーワード' });
  await expect(pageSearch).toHaveValue('縄');
  await pageSearch.fill(token);
  await pageSearch.press('Enter');
  await expect(main(page).getByText('10件のレポート')).toBeVisible();
  await expect(resultTitles(page)).toHaveCount(8);
  // Newest first by default.
  await expect(resultTitles(page).first()).toHaveText(fillers[5]?.title ?? '');
  await main(page).getByRole('button', { name: 'もっと見る' }).click();
  await expect(resultTitles(page)).toHaveCount(10);
  await expect(resultTitles(page).last()).toHaveText(rope.title);
  // The focus moves on to the first card that came in, not back to the top of the page.
  await expect(resultTitles(page).nth(8).getByRole('link')).toBeFocused();
  await expect(main(page).getByRole('button', { name: 'もっと見る' })).toHaveCount(0);

  // Narrow by a play category; the address keeps it, so a reload shows the same.
  await main(page).getByText('絞り込みと並び替え').click();
  await main(page).getByLabel('プレイ大分類').selectOption({ label: '主従' });
  await expect(page).toHaveURL(new RegExp(`playCategory=${tag('playCategory', '主従')}`));
  await expect(main(page).getByText('2件のレポート')).toBeVisible();
  await expect(resultTitles(page)).toHaveText([walk.title, collar.title]);
  await page.reload();
  await expect(main(page).getByLabel('プレイ大分類').locator('option:checked')).toHaveText('主従');
  await expect(resultTitles(page)).toHaveText([walk.title, collar.title]);
  await expect(main(page).getByText('1件の条件で絞り込み中')).toBeVisible();

  // A category none of them has: the empty message.
  await main(page).getByLabel('プレイ大分類').selectOption({ label: 'ロールプレイ' });
  await expect(main(page).getByText('条件に合うレポートは見つかりませんでした。')).toBeVisible();
  await expect(resultTitles(page)).toHaveCount(0);

  // Clear the filters and sort by likes: most liked first.
  await main(page).getByRole('button', { name: '条件をクリア' }).click();
  await expect(main(page).getByText('10件のレポート')).toBeVisible();
  await main(page).getByLabel('並び順').selectOption({ label: 'いいね順' });
  await expect(page).toHaveURL(/sort=like/);
  await expect(resultTitles(page).nth(0)).toHaveText(collar.title);
  await expect(resultTitles(page).nth(1)).toHaveText(rope.title);
  await expect(resultTitles(page).nth(2)).toHaveText(walk.title);
  await expect(main(page).getByRole('article').first()).toContainText('いいね: 3');

  // Back walks through the earlier searches.
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=like/);
  await expect(resultTitles(page).first()).toHaveText(fillers[5]?.title ?? '');
  await page.goBack();
  await expect(main(page).getByText('条件に合うレポートは見つかりませんでした。')).toBeVisible();
  await page.goBack();
  await expect(resultTitles(page)).toHaveText([walk.title, collar.title]);

  // A link with a tag that no longer exists drops it instead of finding nothing.
  await page.goto(`/search-results?query=${token}&playCategory=99999999`);
  await expect(page).toHaveURL(new RegExp(`/search-results\\?query=${token}$`));
  await expect(main(page).getByText('10件のレポート')).toBeVisible();
});
