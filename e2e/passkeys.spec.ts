import type { BrowserContext, Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, MODERATION_TEXTS, PASSKEY_MESSAGES, PASSKEY_TEXTS } from '@hiraku/shared';
import type { ServerProcess } from '../server/test/support/serverProcess';
import { startApiProcess } from './support/apiProcess';
import { createConfirmedMember, logInThroughApi } from './support/members';
import { createUserWithCli } from './support/operators';
import { main } from './support/page';
import { expect, test } from './support/test';

/**
 * Passkeys (issue 35) in Chromium with a virtual authenticator (CDP WebAuthn: CTAP2, built in, resident
 * keys, user verification). Chromium refuses an IP address as a relying party ID, so these pages come from
 * a second API process of the e2e server's database and data folder whose PUBLIC_URL is
 * http://localhost:<port> (a secure context, as 127.0.0.1 is, and a valid RP ID).
 */
const t = PASSKEY_TEXTS;

/**
 * A built-in authenticator that holds passkeys and verifies the user at once, for this page only
 * (Chromium allows one internal authenticator at a time: `swap` removes the previous one first).
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const add = async () =>
    (
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      })
    ).authenticatorId;
  let authenticatorId = await add();
  return {
    /** Another device: the passkeys made so far stay on the one taken away. */
    swap: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      authenticatorId = await add();
    },
  };
}

async function registerPasskey(page: Page, name: string): Promise<void> {
  await page.goto('/settings');
  const section = main(page).getByRole('region', { name: t.section.heading });
  await section.getByLabel(t.section.nameLabel).fill(name);
  await section.getByRole('button', { name: t.section.add }).click();
  await expect(section.getByRole('status').filter({ hasText: PASSKEY_MESSAGES.registered })).toBeVisible();
  await expect(section.getByRole('list').getByText(name, { exact: true })).toBeVisible();
}

test.describe('passkeys', () => {
  let server: ServerProcess;
  let baseURL: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ({ server, baseURL } = await startApiProcess({}, { host: 'localhost', what: 'passkeys server' }));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a member registers passkeys in 設定, renames and removes one, signs out, and signs in with the other', async ({ browser }) => {
    // Sign-up by mail, two registrations and two sign-ins: more than the default minute on the shared machine.
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(context, page);
    const member = await createConfirmedMember(page.request, 'passkey-member');
    await logInThroughApi(page.request, member);

    await registerPasskey(page, '仕事用のMac');
    // A second device (the browser would refuse a second passkey of this account on the first one).
    await authenticator.swap();
    await registerPasskey(page, '予備の鍵');
    const section = main(page).getByRole('region', { name: t.section.heading });
    await expect(section.getByRole('list').getByRole('listitem')).toHaveCount(2);

    await section.getByRole('button', { name: `予備の鍵の${t.section.rename}` }).click();
    await section.getByRole('list').getByLabel(t.section.nameLabel).fill('私用のiPhone');
    await section.getByRole('button', { name: t.section.save }).click();
    await expect(section.getByRole('status').filter({ hasText: PASSKEY_MESSAGES.renamed })).toBeVisible();
    await expect(section.getByRole('list').getByText('私用のiPhone', { exact: true })).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await section.getByRole('button', { name: `仕事用のMacを${t.section.remove}` }).click();
    await expect(section.getByRole('status').filter({ hasText: PASSKEY_MESSAGES.removed })).toBeVisible();
    await expect(section.getByRole('list').getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'その他' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await main(page).getByRole('button', { name: t.login.signIn }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    await context.close();
  });

  test('an operator with only a passkey (no code) completes the password step with it and reaches the queue', async ({ browser }) => {
    // The operator is made by the CLI (a process of its own).
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await virtualAuthenticator(context, page);
    const operator = await createUserWithCli('passkey-operator', { operator: true, twoFactor: false, username: `鍵の運営${Date.now() % 100000}` });
    await logInThroughApi(page.request, operator);
    // Without a second factor, the queue is refused.
    expect((await page.request.get('/api/moderation/cases')).status()).toBe(403);
    await registerPasskey(page, '運営用の鍵');
    await context.clearCookies();

    await page.goto('/login');
    await main(page).getByLabel('メールアドレス').fill(operator.email);
    await main(page).getByLabel('パスワード').fill(operator.password);
    await main(page).getByRole('button', { name: 'ログイン', exact: true }).click();
    // The password alone opens nothing: the passkey is the second step, and there is no code to type.
    await expect(main(page).getByText(t.login.secondStepLead)).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: '確認コード' })).toHaveCount(0);
    await main(page).getByRole('button', { name: t.login.secondStep }).click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.loginSucceeded }).first()).toBeVisible();

    await page.goto('/moderation/queue');
    await expect(page).toHaveURL(/\/moderation\/queue/);
    await expect(page).toHaveTitle(new RegExp(MODERATION_TEXTS.titles.queue));
    expect((await page.request.get('/api/moderation/cases')).status()).toBe(200);
    await context.close();
  });
});
