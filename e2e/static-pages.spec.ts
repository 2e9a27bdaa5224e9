import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createConfirmedMember, logInThroughApi } from './support/members';
import { E2E_SUPPORT_EMAIL } from './support/env';
import { main } from './support/page';

/**
 * The public shell and static pages as a visitor meets them: landing page, header search, the
 * 'その他' menu, glossary, FAQ and the legal texts. The app must load nothing from any other host.
 */

const STATIC_PAGES = [
  { path: '/', title: 'あなたの性の好奇心を、ここでひらこう' },
  { path: '/glossary', title: '用語集' },
  { path: '/faq', title: 'よくある質問' },
  { path: '/terms-of-service', title: '利用規約' },
  { path: '/privacy-policy', title: 'プライバシーポリシー' },
  { path: '/login', title: 'ログイン' },
  { path: '/signup', title: '会員登録' },
] as const;

let foreignRequests: string[] = [];

test.beforeEach(async ({ page, baseURL }) => {
  foreignRequests = [];
  const ownOrigin = new URL(baseURL ?? 'http://localhost').origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && url.origin !== ownOrigin) foreignRequests.push(request.url());
  });
});

test.afterEach(() => {
  expect(foreignRequests, 'requests to other hosts').toEqual([]);
});

async function openMoreMenu(page: Page) {
  const button = page.getByRole('button', { name: 'その他' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('menu');
}

test('the landing page shows the tagline, the three tiles, the reasons to join, and leads to login', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('あなたの性の好奇心を、ここでひらこう');
  for (const tile of ['プレイする', '観察する', '記録する']) {
    await expect(main(page).getByRole('heading', { name: tile })).toBeVisible();
  }
  for (const reason of ['初心者でも安心', 'ほかのメンバーの体験から得られるひらめきの宝庫', '多様性を尊重するコミュニティ']) {
    await expect(main(page).getByText(reason)).toBeVisible();
  }
  // Issue 39: the feedback line pointed to a direct-message channel that does not exist; the contact form does.
  await expect(main(page).getByText(/お問い合わせフォームからお知らせください/)).toBeVisible();
  await expect(main(page).getByText(/ダイレクトメッセージ|DM/)).toHaveCount(0);

  await main(page).getByRole('link', { name: '無料で会員登録' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goBack();

  await main(page).getByRole('link', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/ログイン/);
});

test('the header search goes to the results page with the words in the address', async ({ page }) => {
  // The results page is for members (docs/product.md §2).
  await logInThroughApi(page.request, await createConfirmedMember(page.request, 'searcher'));
  await page.goto('/faq');
  const box = page.getByRole('searchbox', { name: 'レポートを検索' });
  await box.press('Enter');
  await expect(page, 'an empty search goes nowhere').toHaveURL(/\/faq$/);

  await box.fill('縄');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search-results\?query=%E7%B8%84$/);
  await expect(page.getByRole('searchbox', { name: 'レポートを検索' })).toHaveValue('縄');

  await page.getByRole('searchbox', { name: 'レポートを検索' }).fill('首輪 スパンキング');
  await page.getByRole('banner').getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/\/search-results\?query=%E9%A6%96%E8%BC%AA%20%E3%82%B9/);
});

test('the header home link and the footer links lead to members\' pages, through the login page for a visitor', async ({ page }) => {
  await page.goto('/glossary');
  await expect(page.getByRole('link', { name: 'ひらく（レポート一覧へ）' })).toHaveAttribute('href', '/reports');
  await page.getByRole('link', { name: 'ひらく（レポート一覧へ）' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const footer = page.getByRole('navigation', { name: 'フッターメニュー' });
  await expect(footer.getByRole('link', { name: '投稿' })).toHaveAttribute('href', '/create-report');
  await footer.getByRole('link', { name: '投稿' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(footer.getByRole('link', { name: 'マイページ' })).toHaveAttribute('href', '/dashboard');
  await footer.getByRole('link', { name: 'マイページ' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('© 2024 ひらく')).toBeVisible();
});

test('the other menu opens, offers nothing unbuilt and its links go where they say', async ({ page }) => {
  await page.goto('/');
  const menu = await openMoreMenu(page);
  // Issue 39: 「プレミアム（未実装）」 was in everyone's menu.
  await expect(menu.getByRole('menuitem')).not.toHaveCount(0);
  await expect(menu.getByRole('menuitem', { name: /プレミアム|未実装/ })).toHaveCount(0);

  const links = [
    ['用語集', '/glossary'],
    ['よくある質問', '/faq'],
    ['お問い合わせ', '/contact-form'],
    ['利用規約', '/terms-of-service'],
    ['プライバシーポリシー', '/privacy-policy'],
    // The public side of trust (issue 21).
    ['削除ガイドライン', '/removal-guidelines'],
    ['画像投稿のルール', '/image-rules'],
    ['違法・有害情報の通報先', '/report-illegal-content'],
    ['削除依頼', '/takedown-request'],
  ] as const;
  await page.keyboard.press('Escape');
  for (const [name, path] of links) {
    await (await openMoreMenu(page)).getByRole('menuitem', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('menu')).toBeHidden();
  }

  // A visitor has no account to delete, download or log out of.
  const visitorMenu = await openMoreMenu(page);
  // Six of old and the four of issue 21, less プレミアム (issue 39).
  await expect(visitorMenu.getByRole('menuitem')).toHaveCount(9);
  for (const name of ['アカウント削除', '登録データのダウンロード', 'ログアウト']) await expect(visitorMenu.getByRole('menuitem', { name })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A member's menu has them: account deletion is a members' page, logout goes to the top page.
  await logInThroughApi(page.request, await createConfirmedMember(page.request, 'menu'));
  await page.goto('/faq');
  await (await openMoreMenu(page)).getByRole('menuitem', { name: 'アカウント削除' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect((await openMoreMenu(page)).getByRole('menuitem', { name: '登録データのダウンロード' })).toBeVisible();
  await page.keyboard.press('Escape');
  await (await openMoreMenu(page)).getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect((await openMoreMenu(page)).getByRole('menuitem', { name: 'ログアウト' })).toHaveCount(0);
});

test('the other menu works from the keyboard, with type-ahead that starts afresh after a pause', async ({ page }) => {
  await page.goto('/faq');
  const button = page.getByRole('button', { name: 'その他' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '用語集' })).toBeFocused();

  // A visitor's menu ends with 削除依頼 (logout is for members; プレミアム is gone, issue 39).
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: '削除依頼' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: '用語集' })).toBeFocused();

  // "pura" typed in one go reaches プライバシーポリシー (puraibashii).
  await page.keyboard.type('pura');
  await expect(menu.getByRole('menuitem', { name: 'プライバシーポリシー' })).toBeFocused();
  await page.waitForTimeout(500);
  // After the pause 't' is a new search from here, not "purat": the next item with a 't' word
  // (tsuuhou) below プライバシーポリシー.
  await page.keyboard.type('t');
  await expect(menu.getByRole('menuitem', { name: '違法・有害情報の通報先' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('menu')).toBeHidden();
});

test('the glossary explains its origin, stresses consent and lists the words', async ({ page }) => {
  await page.goto('/glossary');
  await expect(page).toHaveTitle(/用語集/);
  await expect(main(page).getByText('この用語集は、AIが生成した文章をもとに作成しています。')).toBeVisible();
  await expect(main(page).getByText(/言葉の雰囲気をつかむための目安であり、唯一の正しい定義ではありません/)).toBeVisible();
  await expect(main(page).getByRole('heading', { name: '同意と安全がすべての前提です' })).toBeVisible();
  await main(page).getByRole('navigation', { name: 'もくじ' }).getByRole('link', { name: '同意と安全' }).click();
  const safetySection = main(page).getByRole('heading', { name: '同意と安全', exact: true });
  await expect(safetySection).toBeInViewport();
  await expect(safetySection).toBeFocused();

  const terms = main(page).locator('dt');
  expect(await terms.count()).toBeGreaterThanOrEqual(25);
  for (const term of ['ドミナント', 'サブミッシブ', 'スレイブ', 'サディスト', 'マゾヒスト', 'リガー', 'スイッチ', 'バニラ', 'ボンデージ', 'ディシプリン', 'スパンキング', 'ロールプレイ', 'ワックスプレイ', 'エッジング', '感覚遮断', 'アフターケア', 'セーフワード', 'ネゴシエーション', 'SSC', 'RACK']) {
    await expect(terms.filter({ hasText: new RegExp(`^${term}$`) })).toHaveCount(1);
  }
});

test('FAQ answers open when their question is clicked', async ({ page }) => {
  await page.goto('/faq');
  const cases = [
    ['登録に料金はかかりますか？', /会員登録は無料です/],
    ['アカウントがロックされました。どうすればよいですか？', /約24時間/],
    ['二段階認証は使えますか？', /認証アプリ（Google Authenticator、Microsoft Authenticator など）を使った二段階認証を有効にできます/],
    ['自分でタグを追加できますか？', /カスタムタグ.*対応していません/],
    ['ログインしていたのに、ログイン画面に戻されました。', /一定の有効期間があります/],
  ] as const;
  for (const [question, answer] of cases) {
    const answerText = main(page).getByText(answer);
    await expect(answerText).toBeHidden();
    await main(page).getByText(question, { exact: true }).click();
    await expect(answerText).toBeVisible();
  }
  await main(page).getByText('アカウントと登録', { exact: true }).click();
  await expect(main(page).getByText('登録に料金はかかりますか？')).toBeHidden();
});

test('the terms of service and the privacy policy are dated 2024年12月28日 and say what members must know', async ({ page }) => {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約');
  await expect(main(page).locator('dl').first()).toContainText('制定日：2024年12月28日');
  await expect(main(page).locator('dl').first()).toContainText('最終改定日：2024年12月28日');
  await expect(main(page).getByRole('heading', { name: '第1条（適用）' })).toBeVisible();
  await expect(main(page)).toContainText('18歳以上の方に限ります');
  await expect(main(page)).toContainText('実際に会う相手を探す行為');

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('プライバシーポリシー');
  await expect(main(page).locator('dl').first()).toContainText('制定日：2024年12月28日');
  await expect(main(page).locator('dl').first()).toContainText('最終改定日：2024年12月28日');
  await expect(main(page)).toContainText('会員登録の際に会員ご自身が入力するメールアドレスと、次の「発信者情報の記録」に定める接続元の記録です');
  // The server's configured SUPPORT_EMAIL (not the development default), as GET /api/site-config tells it.
  await expect(main(page).getByRole('link', { name: E2E_SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);
  await expect(main(page)).not.toContainText('support@hiraku.local');
});

test('戻る returns to the previous page, or to the top page when the visit started here', async ({ page }) => {
  await page.goto('/faq');
  await (await openMoreMenu(page)).getByRole('menuitem', { name: '利用規約' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await main(page).getByRole('button', { name: '戻る' }).click();
  await expect(page).toHaveURL(/\/faq$/);

  await page.goto('/glossary');
  await main(page).getByRole('button', { name: '戻る' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('あなたの性の好奇心を、ここでひらこう');
});

test('every page is Japanese, titled, and not hidden under the fixed header', async ({ page }) => {
  for (const { path, title } of STATIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page).toHaveTitle(new RegExp(title));
    const headerBox = await page.locator('header').first().boundingBox();
    const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(headerBox && headingBox && headingBox.y >= headerBox.y + headerBox.height, `${path}: h1 below the header`).toBe(true);
  }
});

test.describe('on a 375 px wide phone @mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('no page scrolls sideways', async ({ page }) => {
    for (const { path } of STATIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
    await page.goto('/');
    await openMoreMenu(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the open menu fits the screen').toBeLessThanOrEqual(0);
  });
});
