import { expect, test, type Page } from '@playwright/test';
import { COMMUNITY_MESSAGES, DESKTOP_MESSAGES } from '@hiraku/shared';
import { installDesktopBridge, startDesktopHost } from './support/desktopHost';
import { E2E_BASE_URL } from './support/env';
import { createUserWithCli } from './support/operators';
import type { TestMember } from './support/members';

/**
 * The desktop app's built renderer in Chromium, its bridge backed by the real request proxy against the
 * real server on MariaDB: an operator logs in and curates categories and tags; a member is refused.
 */

let host: Awaited<ReturnType<typeof startDesktopHost>>;
test.beforeAll(async () => {
  host = await startDesktopHost(E2E_BASE_URL);
});
test.afterAll(() => host?.close());

const main = (page: Page) => page.getByRole('main');
const suffix = () => Math.random().toString(36).slice(2, 7);

async function logIn(page: Page, account: TestMember) {
  await installDesktopBridge(page, E2E_BASE_URL);
  await page.goto(`${host.url}/index.html#/login`);
  await main(page).getByLabel('メールアドレス').fill(account.email);
  await main(page).getByLabel('パスワード').fill(account.password);
  await main(page).getByRole('button', { name: 'ログイン' }).click();
}

test('an operator logs in, renames a category and creates a tag in the desktop app', async ({ page }) => {
  const operator = await createUserWithCli('desktop-operator', { operator: true });
  await logIn(page, operator);
  // The desktop app opens on the reported-comment queue, the operators' daily work.
  await expect(main(page).getByRole('heading', { level: 1, name: '通報キュー' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '運営メニュー' });
  for (const item of ['通報キュー', '会員管理', '操作履歴', 'カテゴリ管理', 'タグ管理']) await expect(nav.getByRole('link', { name: item })).toBeVisible();
  // Operator mode: nothing of the member screens.
  await expect(page.getByRole('link', { name: 'レポート一覧' })).toHaveCount(0);

  await nav.getByRole('link', { name: 'カテゴリ管理' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'カテゴリ管理' })).toBeVisible();

  const name = `デスクトップ${suffix()}`;
  await main(page).getByLabel('新しいカテゴリ名').fill(name);
  await main(page).getByRole('button', { name: '追加', exact: true }).click();
  await expect(main(page).getByRole('status').filter({ hasText: COMMUNITY_MESSAGES.taxonomy.categoryCreated })).toBeVisible();
  const renamed = `改名${suffix()}`;
  await main(page).getByRole('button', { name: `「${name}」の名前を変更` }).click();
  const renameBox = main(page).getByLabel(`「${name}」の新しい名前`);
  await renameBox.fill(renamed);
  await renameBox.press('Enter');
  await expect(main(page).getByRole('status').filter({ hasText: COMMUNITY_MESSAGES.taxonomy.categoryUpdated })).toBeVisible();
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
  await expect(main(page).getByRole('status').filter({ hasText: COMMUNITY_MESSAGES.taxonomy.tagCreated })).toBeVisible();
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
