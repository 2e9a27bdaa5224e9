import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TEXTS } from '@hiraku/shared';
import { mailboxSnapshot, tokenLinkIn, waitForMailTo, type ReceivedMail } from './support/mailbox';
import { collectDialogs } from './support/dialogs';
import { main } from './support/page';

/**
 * Accounts and sessions as a member lives them, in Chromium against the real server, with the mails
 * the real SMTP server received: sign-up, the confirmation link, login, the tutorial, logout, the
 * member guard, a forgotten password and deleting the account.
 */

const SUBJECTS = { verify: 'メールアドレスの確認', reset: 'パスワード再設定' } as const;

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.jp`;
}

/** The alert that has something in it (the page keeps empty live regions ready). */
function shownAlert(page: Page) {
  return main(page).getByRole('alert').filter({ hasText: /\S/ });
}

async function signUp(page: Page, email: string, password: string): Promise<ReceivedMail[]> {
  const seen = await mailboxSnapshot();
  await page.goto('/signup');
  await main(page).getByLabel('メールアドレス').fill(email);
  await main(page).getByLabel('パスワード').fill(password);
  await main(page).getByRole('checkbox', { name: '18歳以上であり、利用規約に同意します' }).check();
  await main(page).getByRole('button', { name: '登録' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return seen;
}

async function confirmAddress(page: Page, email: string, seen: ReceivedMail[]) {
  const mail = await waitForMailTo(email, SUBJECTS.verify, seen);
  await page.goto(tokenLinkIn(mail, '/verify-email'));
  await expect(page).toHaveURL(/\/login$/);
}

async function logIn(page: Page, email: string, password: string) {
  await main(page).getByLabel('メールアドレス').fill(email);
  await main(page).getByLabel('パスワード').fill(password);
  await main(page).getByRole('button', { name: 'ログイン' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'その他' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A member who has confirmed the address, signed out, on /login. */
async function confirmedMember(page: Page, label: string, password = 'kinbaku-2024-safe') {
  const email = uniqueEmail(label);
  const seen = await signUp(page, email, password);
  await confirmAddress(page, email, seen);
  return { email, password };
}

test('a new member signs up, confirms the address, sees the tutorial once and can leave it behind', async ({ page }) => {
  const alerts = collectDialogs(page);
  const email = uniqueEmail('newcomer');
  const password = 'nawa-to-kubiwa-88';

  const seen = await signUp(page, email, password);
  expect(alerts).toEqual([TEXTS.account.signupSucceeded]);
  await expect(main(page).getByText(TEXTS.account.signupSucceeded)).toBeVisible();

  const mail = await waitForMailTo(email, SUBJECTS.verify, seen);
  await page.goto(tokenLinkIn(mail, '/verify-email'));
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts.at(-1)).toBe(TEXTS.account.verifySucceeded);

  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/tutorial$/);
  await expect(main(page).getByText(TEXTS.account.loginSucceeded)).toBeVisible();

  const titles = ['ようこそ', 'プロフィールを設定しよう', '好みを見つけよう', 'プレイを共有しよう', '次のプレイへ'];
  await expect(main(page).getByRole('button', { name: '前へ' })).toBeDisabled();
  for (const [index, title] of titles.entries()) {
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(main(page).getByText(`${index + 1} / 5`)).toBeVisible();
    await expect(main(page).getByRole('button', { name: `${index + 1}枚目：${title}` })).toHaveAttribute('aria-current', 'step');
    if (index < titles.length - 1) {
      await expect(main(page).getByRole('checkbox', { name: '次回から表示しない' })).toHaveCount(0);
      await main(page).getByRole('button', { name: '次へ' }).click();
    }
  }
  await main(page).getByRole('button', { name: '前へ' }).click();
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText('プレイを共有しよう');
  await main(page).getByRole('button', { name: '5枚目：次のプレイへ' }).click();
  await main(page).getByRole('checkbox', { name: '次回から表示しない' }).check();
  await main(page).getByRole('button', { name: 'はじめる' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toHaveCount(0);

  await logOut(page);
  await expect(main(page).getByText(TEXTS.account.logoutSucceeded)).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'ログイン' })).toBeVisible();

  // Signed out, a members' page sends to /login and says why; logging in brings the member back there.
  await page.goto('/delete-account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(main(page).getByText('このページを見るにはログインしてください。')).toBeVisible();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/delete-account$/);

  // The tutorial was switched off: a plain login now goes straight to the reports.
  await logOut(page);
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/reports$/);

  // The session survives a reload: the cookies, not the page's memory, hold it.
  await page.goto('/delete-account');
  await expect(main(page).getByRole('heading', { level: 1, name: 'アカウント削除' })).toBeVisible();
});

test('a wrong password is refused in Japanese and the form stays usable', async ({ page }) => {
  const { email } = await confirmedMember(page, 'typo');

  await main(page).getByRole('button', { name: 'ログイン' }).click();
  await expect(main(page).getByText(TEXTS.account.emailRequired)).toBeVisible();
  await expect(main(page).getByLabel('メールアドレス')).toBeFocused();
  await expect(main(page).getByLabel('メールアドレス')).toHaveAttribute('aria-invalid', 'true');

  await logIn(page, email, 'not-my-password');
  await expect(shownAlert(page)).toHaveText(TEXTS.account.invalidCredentials);
  await expect(page).toHaveURL(/\/login$/);
  await expect(main(page).getByRole('button', { name: 'ログイン' })).toBeEnabled();
});

test('logging in before confirming the address explains why, then opens the resend page, whose mail works', async ({ page }) => {
  const alerts = collectDialogs(page);
  const email = uniqueEmail('unconfirmed');
  const password = 'mada-kakunin-shiteinai';
  const seen = await signUp(page, email, password);
  await waitForMailTo(email, SUBJECTS.verify, seen);

  await logIn(page, email, password);
  await expect(shownAlert(page)).toHaveText(TEXTS.account.emailNotVerified);
  await expect(main(page).getByText('まもなく確認メールの再送信ページに移動します。')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/verify-email\?resend=1$/, { timeout: 5_000 });
  expect(alerts, 'the resend page itself raises no alert').toEqual([TEXTS.account.signupSucceeded]);

  await expect(main(page).getByLabel('メールアドレス')).toHaveValue(email);
  const beforeResend = await mailboxSnapshot();
  await main(page).getByRole('button', { name: '確認メールを再送信' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: TEXTS.account.verificationResent })).toBeVisible();

  const mail = await waitForMailTo(email, SUBJECTS.verify, beforeResend);
  await page.goto(tokenLinkIn(mail, '/verify-email'));
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts.at(-1)).toBe(TEXTS.account.verifySucceeded);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/tutorial$/);
});

test('a used or missing mail link says so and offers a way on', async ({ page }) => {
  const alerts = collectDialogs(page);
  const email = uniqueEmail('twice');
  const seen = await signUp(page, email, 'nido-osanaide-kudasai');
  const link = tokenLinkIn(await waitForMailTo(email, SUBJECTS.verify, seen), '/verify-email');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);

  // Opened again: the address is confirmed by now, so the member is told so and led to login.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(TEXTS.account.verifyAlreadyDone)).toBeVisible();
  expect(alerts.at(-1)).toBe(TEXTS.account.verifyAlreadyDone);

  // A link the server cannot use (expired, or mangled by a mail program) may have expired: offer a resend.
  await page.goto(`${link}x`);
  await expect(main(page).getByText(TEXTS.account.verifyFailed)).toBeVisible();
  await expect(main(page).getByRole('button', { name: '確認メールを再送信' })).toBeVisible();
  expect(alerts.at(-1)).toBe(TEXTS.account.verifyFailed);

  await page.goto('/verify-email');
  await expect(main(page).getByText(TEXTS.account.verifyInvalidToken)).toBeVisible();
  expect(alerts.at(-1)).toBe(TEXTS.account.verifyInvalidToken);

  await page.goto('/reset-password');
  await expect(shownAlert(page)).toHaveText(TEXTS.account.resetInvalidToken);
  await main(page).getByRole('link', { name: 'もう一度手続きする' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('sign-up checks the form before sending and shows what the server refuses', async ({ page }) => {
  await page.goto('/signup');
  const form = main(page);
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(TEXTS.account.emailRequired)).toBeVisible();
  await expect(form.getByText(TEXTS.account.passwordRequired)).toBeVisible();
  await expect(form.getByText(TEXTS.account.mustAgreeToTerms)).toBeVisible();
  await expect(form.getByText('8〜128文字で入力してください。よく使われるパスワードは登録できません。')).toBeVisible();

  await form.getByLabel('メールアドレス').fill('not-an-address');
  await form.getByLabel('パスワード').fill('short');
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(TEXTS.account.emailInvalid)).toBeVisible();
  await expect(form.getByText(TEXTS.account.passwordTooShort)).toBeVisible();
  await expect(form.getByLabel('メールアドレス')).toBeFocused();

  await form.getByLabel('メールアドレス').fill(uniqueEmail('common'));
  await form.getByLabel('パスワード').fill('password123');
  await form.getByRole('checkbox', { name: '18歳以上であり、利用規約に同意します' }).check();
  await form.getByRole('button', { name: '登録' }).click();
  await expect(form.getByText(TEXTS.account.passwordTooCommon)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  await expect(form.getByRole('link', { name: '利用規約' })).toHaveAttribute('href', '/terms-of-service');
});

test('a forgotten password is reset from the mailed link; the old one stops working', async ({ page }) => {
  const alerts = collectDialogs(page);
  const { email, password: oldPassword } = await confirmedMember(page, 'forgetful');
  const newPassword = 'atarashii-aikotoba-7';

  await main(page).getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const seen = await mailboxSnapshot();
  await main(page).getByLabel('メールアドレス').fill(email);
  await main(page).getByRole('button', { name: '再設定メールを送信' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts.at(-1)).toBe(TEXTS.account.forgotPasswordSent);

  const link = tokenLinkIn(await waitForMailTo(email, SUBJECTS.reset, seen), '/reset-password');
  await page.goto(link);
  await main(page).getByRole('textbox', { name: '新しいパスワード', exact: true }).fill(newPassword);
  await main(page).getByLabel('新しいパスワード（確認用）').fill(`${newPassword}x`);
  await main(page).getByRole('button', { name: 'パスワードを設定' }).click();
  await expect(main(page).getByText('パスワードが一致しません。')).toBeVisible();
  await expect(main(page).getByLabel('新しいパスワード（確認用）')).toBeFocused();

  await main(page).getByLabel('新しいパスワード（確認用）').fill(newPassword);
  await main(page).getByRole('button', { name: 'パスワードを設定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(alerts.at(-1)).toBe(TEXTS.account.resetSucceeded);

  await logIn(page, email, oldPassword);
  await expect(shownAlert(page)).toHaveText(TEXTS.account.invalidCredentials);
  await main(page).getByLabel('パスワード').fill(newPassword);
  await main(page).getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/tutorial$/);

  // The link was single-use.
  await page.goto(link);
  await main(page).getByRole('textbox', { name: '新しいパスワード', exact: true }).fill('mou-ichido-tsukau-1');
  await main(page).getByLabel('新しいパスワード（確認用）').fill('mou-ichido-tsukau-1');
  await main(page).getByRole('button', { name: 'パスワードを設定' }).click();
  await expect(shownAlert(page)).toHaveText(TEXTS.account.resetInvalidToken);
});

test('deleting the account signs out and frees the address for a fresh start', async ({ page }) => {
  const alerts = collectDialogs(page);
  const { email, password } = await confirmedMember(page, 'leaving');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/tutorial$/);
  // Finishing without the tick keeps the tutorial for next time.
  await main(page).getByRole('button', { name: '5枚目：次のプレイへ' }).click();
  await main(page).getByRole('button', { name: 'はじめる' }).click();
  await expect(page).toHaveURL(/\/reports$/);

  await page.getByRole('button', { name: 'その他' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'アカウント削除' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect(main(page).getByRole('link', { name: 'プロフィールに戻る' })).toHaveAttribute('href', '/profile');

  await main(page).getByLabel('現在のパスワード').fill(password);
  await main(page).getByRole('button', { name: 'アカウントを削除する' }).click();
  await expect(main(page).getByText(TEXTS.account.deleteConfirmRequired)).toBeVisible();

  const confirm = main(page).getByRole('checkbox', { name: 'アカウントとすべてのデータが削除され、元に戻せないことを理解しました' });
  await confirm.check();
  await main(page).getByLabel('現在のパスワード').fill('not-the-password');
  await main(page).getByRole('button', { name: 'アカウントを削除する' }).click();
  await expect(shownAlert(page).filter({ hasText: TEXTS.account.wrongPassword })).toBeVisible();

  await main(page).getByLabel('現在のパスワード').fill(password);
  await main(page).getByRole('button', { name: 'アカウントを削除する' }).click();
  await expect(main(page).getByText(TEXTS.account.deleteSucceeded)).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  await expect(main(page).getByRole('link', { name: 'ログイン' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(shownAlert(page)).toHaveText(TEXTS.account.invalidCredentials);

  // Same address, from scratch: a new mail, a new confirmation, and the tutorial again.
  const seen = await signUp(page, email, password);
  await confirmAddress(page, email, seen);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/tutorial$/);
  expect(alerts).not.toContain(TEXTS.account.tutorialFailed);
});

test('an expired access token is renewed unnoticed; a dead session sends the member to log in again', async ({ page, context }) => {
  const { email, password } = await confirmedMember(page, 'longstay');
  await logIn(page, email, password);
  await main(page).getByRole('button', { name: '5枚目：次のプレイへ' }).click();
  await main(page).getByRole('checkbox', { name: '次回から表示しない' }).check();
  await main(page).getByRole('button', { name: 'はじめる' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  const footer = page.getByRole('navigation', { name: 'フッターメニュー' });

  // The short-lived access cookie is gone, as after 15 minutes: one refresh, then the page as usual.
  await context.clearCookies({ name: 'hiraku_access' });
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/refresh'));
  await footer.getByRole('link', { name: 'マイページ' }).click();
  expect((await refreshed).status()).toBe(200);
  // This member has no profile yet, so the dashboard hands them on to create one (docs/product.md §8).
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toContainText('プロフィール');

  // Both cookies gone, as at the end of a session: to /login, with the reason, and back afterwards.
  await context.clearCookies({ name: 'hiraku_access' });
  await context.clearCookies({ name: 'hiraku_refresh' });
  await footer.getByRole('link', { name: '検索' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(main(page).getByText(TEXTS.account.sessionInvalid)).toBeVisible();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/search-results$/);
});

test.describe('on a 375 px wide phone @mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the account screens fit without sideways scrolling', async ({ page }) => {
    for (const path of ['/signup', '/login', '/forgot-password', '/reset-password?token=x', '/verify-email?resend=1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
  });
});
