import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TEXTS } from '@hiraku/shared';
import { logInThroughApi } from './support/members';
import { createUserWithCli, signedInOperator } from './support/operators';
import { main } from './support/page';

/**
 * The operators' category and tag managers in Chromium against the real server: an operator made by the
 * CLI adds, renames and deletes a category, meets the refusal to delete a system category, and creates,
 * edits and deletes a tag through the modal. A member is shown the operators-only page instead.
 */

const done = TEXTS.taxonomy;

/** The message region that has something in it (the page keeps empty live regions ready). */
function shown(page: Page, role: 'alert' | 'status') {
  return main(page).getByRole(role).filter({ hasText: /\S/ });
}

function suffix(): string {
  return Math.random().toString(36).slice(2, 7);
}

test.describe('category manager', () => {
  test('an operator adds, renames and deletes a category, and cannot delete a system one', async ({ page }) => {
    await signedInOperator(page.request, 'category-operator');
    await page.goto('/category-manager');
    await expect(main(page).getByRole('heading', { level: 1, name: 'カテゴリ管理' })).toBeVisible();
    const list = main(page).getByRole('list');
    await expect(list.getByText('性別', { exact: true })).toBeVisible();

    // A blank name is refused before anything is sent.
    const nameInput = main(page).getByLabel('新しいカテゴリ名');
    await nameInput.fill('   ');
    await main(page).getByRole('button', { name: '追加', exact: true }).click();
    await expect(main(page).getByText(TEXTS.taxonomy.categoryNameRequired)).toBeVisible();
    await expect(nameInput).toBeFocused();

    // Added trimmed, at level 1, after the others.
    const name = `シチュエーション${suffix()}`;
    const countBefore = await list.getByRole('listitem').count();
    await nameInput.fill(`  ${name}  `);
    await main(page).getByRole('button', { name: '追加', exact: true }).click();
    await expect(shown(page, 'status')).toHaveText(done.categoryCreated);
    await expect(nameInput).toHaveValue('');
    const added = list.getByRole('listitem').filter({ hasText: name });
    await expect(added).toContainText(`階層 1・表示順 ${countBefore + 1}`);
    await expect(list.getByRole('listitem').last()).toContainText(name);

    // Escape leaves the name as it was.
    await added.getByRole('button', { name: `「${name}」の名前を変更` }).click();
    const renameBox = main(page).getByLabel(`「${name}」の新しい名前`);
    await expect(renameBox).toBeFocused();
    await renameBox.fill('取り消される名前');
    await renameBox.press('Escape');
    await expect(renameBox).toBeHidden();
    await expect(list.getByText(name, { exact: true })).toBeVisible();
    await expect(list.getByText('取り消される名前')).toHaveCount(0);

    // A blank new name is refused before anything is sent, and the field keeps the focus.
    await added.getByRole('button', { name: `「${name}」の名前を変更` }).click();
    await renameBox.fill('  ');
    await renameBox.press('Enter');
    await expect(added.getByText(TEXTS.taxonomy.categoryNameRequired)).toBeVisible();
    await expect(renameBox).toBeFocused();
    await renameBox.press('Escape');
    await expect(renameBox).toBeHidden();

    // Enter saves the new name, and it is still there after a reload.
    const renamed = `場所${suffix()}`;
    await added.getByRole('button', { name: `「${name}」の名前を変更` }).click();
    await renameBox.fill(` ${renamed} `);
    await renameBox.press('Enter');
    await expect(shown(page, 'status')).toHaveText(done.categoryUpdated);
    await expect(list.getByText(renamed, { exact: true })).toBeVisible();
    await page.reload();
    await expect(list.getByText(renamed, { exact: true })).toBeVisible();
    await expect(list.getByText(name, { exact: true })).toHaveCount(0);

    // Deleting asks first; cancelling keeps it.
    await main(page).getByRole('button', { name: `「${renamed}」を削除` }).click();
    const confirm = page.getByRole('alertdialog', { name: '削除の確認' });
    await expect(confirm).toContainText(renamed);
    await expect(confirm.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(list.getByText(renamed, { exact: true })).toBeVisible();

    await main(page).getByRole('button', { name: `「${renamed}」を削除` }).click();
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(shown(page, 'status')).toHaveText(done.categoryDeleted);
    await expect(list.getByText(renamed, { exact: true })).toHaveCount(0);
    await main(page).getByRole('button', { name: '再読み込み' }).click();
    await expect(list.getByText('性別', { exact: true })).toBeVisible();
    await expect(list.getByText(renamed, { exact: true })).toHaveCount(0);

    // A system category (its tags fill the report form) cannot be deleted: it offers no delete button
    // (the server's refusal, systemCategoryLocked, is covered by the categories integration tests).
    const system = list.getByRole('listitem').filter({ has: page.getByText('性別', { exact: true }) });
    await expect(system.getByRole('button', { name: '「性別」の名前を変更' })).toBeVisible();
    await expect(system.getByRole('button', { name: '「性別」を削除' })).toHaveCount(0);
    await page.reload();
    await expect(list.getByText('性別', { exact: true })).toBeVisible();
  });
});

test.describe('tag manager', () => {
  test('an operator creates a tag in a category through the modal, edits it and deletes it', async ({ page }) => {
    await signedInOperator(page.request, 'tag-operator');
    await page.goto('/tag-manager');
    await expect(main(page).getByRole('heading', { level: 1, name: 'タグ管理' })).toBeVisible();
    const playCategory = main(page).getByRole('region', { name: 'プレイ大分類' });
    await expect(playCategory.getByText('緊縛', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('region', { name: '未分類' })).toBeVisible();

    // The modal opens on the name, keeps Tab inside, refuses a blank name and closes with Escape.
    const addButton = playCategory.getByRole('button', { name: '「プレイ大分類」にタグを追加' });
    await addButton.click();
    const dialog = page.getByRole('dialog', { name: 'タグを追加' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('タグ名')).toBeFocused();
    await expect(dialog.getByLabel('カテゴリ')).toHaveValue(/\d+/);
    await expect(dialog.getByLabel('カテゴリ').locator('option:checked')).toHaveText('プレイ大分類');
    await expect(dialog.getByLabel('表示順')).toHaveValue('0');
    await expect(dialog.getByLabel('階層')).toHaveValue('1');
    await expect(dialog.getByLabel('人気度')).toHaveValue('0');
    await dialog.getByRole('button', { name: '保存' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('タグ名')).toBeFocused();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText(TEXTS.taxonomy.tagNameRequired)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addButton).toBeFocused();

    const name = `目隠し鬼${suffix()}`;
    await addButton.click();
    await dialog.getByLabel('タグ名').fill(`  ${name}  `);
    await dialog.getByLabel('表示順').fill('50');
    await dialog.getByLabel('人気度').fill('3');
    await dialog.getByLabel('親タグ').selectOption({ label: '感覚遮断' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    await expect(shown(page, 'status')).toHaveText(done.tagCreated);
    const row = playCategory.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('表示順 50・階層 1・人気度 3');
    await expect(row).toContainText('親タグ: 感覚遮断');

    // Edit: the form comes filled in; moving it out of its category puts it under 未分類.
    const edited = `${name}改`;
    await row.getByRole('button', { name: `「${name}」を編集` }).click();
    const editDialog = page.getByRole('dialog', { name: 'タグを編集' });
    await expect(editDialog.getByLabel('タグ名')).toHaveValue(name);
    await expect(editDialog.getByLabel('表示順')).toHaveValue('50');
    await editDialog.getByLabel('タグ名').fill(edited);
    await editDialog.getByLabel('カテゴリ').selectOption({ label: '未分類（カテゴリなし）' });
    await editDialog.getByLabel('階層').fill('0');
    await editDialog.getByRole('button', { name: '保存' }).click();
    // The server names the wrong field; nothing is saved.
    await expect(editDialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveText(TEXTS.taxonomy.levelInvalid);
    await expect(editDialog.getByLabel('階層')).toBeFocused();
    await editDialog.getByLabel('階層').fill('2');
    await editDialog.getByRole('button', { name: '保存' }).click();
    await expect(editDialog).toBeHidden();
    await expect(shown(page, 'status')).toHaveText(done.tagUpdated);
    const unclassified = main(page).getByRole('region', { name: '未分類' });
    await expect(unclassified.getByRole('listitem').filter({ hasText: edited })).toContainText('階層 2');
    await expect(playCategory.getByText(edited)).toHaveCount(0);
    await page.reload();
    await expect(unclassified.getByText(edited, { exact: true })).toBeVisible();

    // Delete, after confirming.
    await unclassified.getByRole('button', { name: `「${edited}」を削除` }).click();
    const confirm = page.getByRole('alertdialog', { name: '削除の確認' });
    await expect(confirm).toContainText(edited);
    await confirm.getByRole('button', { name: '削除する' }).click();
    await expect(shown(page, 'status')).toHaveText(done.tagDeleted);
    await expect(main(page).getByText(edited)).toHaveCount(0);
    await page.reload();
    await expect(playCategory.getByText('緊縛', { exact: true })).toBeVisible();
    await expect(main(page).getByText(edited)).toHaveCount(0);
  });
});

test('a member sees the operators-only page on both managers @mobile', async ({ page }) => {
  const member = await createUserWithCli('plain-member', { username: '一般会員' });
  await logInThroughApi(page.request, member);
  for (const [path, title] of [
    ['/category-manager', 'カテゴリ管理'],
    ['/tag-manager', 'タグ管理'],
  ] as const) {
    await page.goto(path);
    await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(page).getByText(TEXTS.common.operatorsOnly)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'レポート一覧へ' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: /追加|削除|編集/ })).toHaveCount(0);
  }
});
