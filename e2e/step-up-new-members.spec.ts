import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, NEW_MEMBER_MESSAGES, SHELL_TEXTS, STEP_UP_MESSAGES, STEP_UP_TEXTS } from '@hiraku/shared';
import { collectDialogs } from './support/dialogs';
import { logInThroughApi } from './support/members';
import { createUserWithCli } from './support/operators';
import { main } from './support/page';
import { createReportThroughApi } from './support/reports';
import { expect, test } from './support/test';

/**
 * Issue 35 in Chromium against the real server: the step-up dialog before what cannot be undone, and a
 * new member's first day.
 */

/** The sign-in proved who the member is; makes that proof an hour old (past TIMINGS.stepUpFreshSec), as after a long session. */
const ageProof = (database: { query: (sql: string, values: unknown[]) => Promise<unknown> }, email: string) =>
  database.query('UPDATE session_families SET strong_proof_at = DATE_SUB(UTC_TIMESTAMP(3), INTERVAL 1 HOUR) WHERE user_id = (SELECT id FROM users WHERE email = ?)', [email]);

/** A member whose proof is an hour old fills in the deletion form and presses the button; the member. */
async function askToDeleteWithOldProof(page: Page, database: Parameters<typeof ageProof>[0], label: string) {
  const member = await createUserWithCli(label);
  await logInThroughApi(page.request, member);
  await ageProof(database, member.email);
  await page.goto('/delete-account');
  await main(page).getByLabel('現在のパスワード').fill(member.password);
  await main(page).getByRole('checkbox', { name: 'アカウントとすべてのデータが削除され、元に戻せないことを理解しました' }).check();
  await main(page).getByRole('button', { name: 'アカウントを削除する' }).click();
  return member;
}

test('deleting the account asks again who the member is when the last proof is old, then deletes', async ({ page, e2eDatabase }) => {
  const member = await askToDeleteWithOldProof(page, e2eDatabase, 'step-up');

  const dialog = page.getByRole('dialog', { name: STEP_UP_TEXTS.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(STEP_UP_TEXTS.intro)).toBeVisible();
  // Nothing was deleted while the dialog asks.
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  await dialog.getByLabel(STEP_UP_TEXTS.password).fill('not-the-password');
  await dialog.getByRole('button', { name: STEP_UP_TEXTS.submit }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: STEP_UP_MESSAGES.wrongPassword })).toBeVisible();

  await dialog.getByLabel(STEP_UP_TEXTS.password).fill(member.password);
  await dialog.getByRole('button', { name: STEP_UP_TEXTS.submit }).click();
  await expect(dialog).toBeHidden();
  // The deletion ran again by itself once confirmed.
  await expect(main(page).getByText(ACCOUNT_MESSAGES.deleteSucceeded)).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('closing the step-up dialog deletes nothing', async ({ page, e2eDatabase }) => {
  await askToDeleteWithOldProof(page, e2eDatabase, 'step-up-cancel');
  const dialog = page.getByRole('dialog', { name: STEP_UP_TEXTS.title });
  await dialog.getByRole('button', { name: STEP_UP_TEXTS.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('button', { name: 'アカウントを削除する' })).toBeEnabled();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('downloading one\'s data from その他 asks again who the member is when the last proof is old, then downloads', async ({ page, e2eDatabase }) => {
  const member = await createUserWithCli('step-up-export', { username: `書き出し${Date.now() % 100000}` });
  await logInThroughApi(page.request, member);
  await ageProof(e2eDatabase, member.email);
  await page.goto('/faq');
  await page.getByRole('button', { name: 'その他' }).first().click();
  await page.getByRole('menuitem', { name: SHELL_TEXTS.moreMenu.exportData }).click();

  const dialog = page.getByRole('dialog', { name: STEP_UP_TEXTS.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(STEP_UP_TEXTS.password).fill(member.password);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: STEP_UP_TEXTS.submit }).click();
  await expect(dialog).toBeHidden();
  // The export ran again by itself once confirmed: the member's own file, with their profile in it.
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^hiraku-[0-9a-z]+\.json$/);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text).toContain(member.email);
});

test('a new member is refused a fourth report on their first day, with the reason, and keeps it as a draft', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const member = await createUserWithCli('newcomer-limits', { newMember: true, username: `はじめて${Date.now() % 100000}` });
  await logInThroughApi(page.request, member);
  for (let i = 1; i <= 3; i += 1) await createReportThroughApi(page.request, `初日の記録${i}`);
  const draftId = await createReportThroughApi(page.request, '四つ目の記録', { isDraft: true });

  await page.goto(`/edit-report/${draftId}`);
  await main(page).getByRole('button', { name: '公開する' }).click();
  await expect
    .poll(async () => dialogs.includes(NEW_MEMBER_MESSAGES.reportsPerDay) || (await main(page).getByText(NEW_MEMBER_MESSAGES.reportsPerDay).count()) > 0)
    .toBe(true);
  await expect(page).toHaveURL(new RegExp(`/edit-report/${draftId}$`));
  // Still a draft: its page answers its author only, and the public list has three of theirs.
  const mine = (await (await page.request.get(`/api/reports/${draftId}`)).json()) as { isDraft?: boolean; report?: { isDraft?: boolean } };
  expect(mine.report?.isDraft ?? mine.isDraft).toBe(true);
});
