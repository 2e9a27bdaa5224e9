import net from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, MODERATION_TEXTS, PASSKEY_MESSAGES, PASSKEY_TEXTS } from '@hiraku/shared';
import { startServerProcess, type ServerProcess } from '../server/test/support/serverProcess';
import { E2E_DATA_DIR, E2E_DATABASE, E2E_MYSQL_URL } from './support/env';
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
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const t = PASSKEY_TEXTS;

/** A built-in authenticator that holds passkeys and verifies the user at once, for this page only. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
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
    const port = await freePort();
    baseURL = `http://localhost:${port}`;
    server = startServerProcess({
      NODE_ENV: 'test',
      HIRAKU_ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: `${E2E_MYSQL_URL}/${E2E_DATABASE}`,
      MEILI_INDEX_PREFIX: 'e2e_',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '100',
    });
    let exited = false;
    void server.exited.then(() => (exited = true));
    await expect
      .poll(
        async () => {
          if (exited) throw new Error(`the passkeys server exited:\n${server.output()}`);
          return fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status, () => 0);
        },
        { timeout: 90_000, intervals: [300] },
      )
      .toBe(200);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a member registers passkeys in 設定, renames and removes one, signs out, and signs in with the other', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    const member = await createConfirmedMember(page.request, 'passkey-member');
    await logInThroughApi(page.request, member);

    await registerPasskey(page, '仕事用のMac');
    const section = main(page).getByRole('region', { name: t.section.heading });
    // A second passkey on the same authenticator is refused by the browser (excludeCredentials); a second authenticator takes it.
    await addVirtualAuthenticator(context, page);
    await section.getByLabel(t.section.nameLabel).fill('予備の鍵');
    await section.getByRole('button', { name: t.section.add }).click();
    await expect(section.getByRole('list').getByText('予備の鍵', { exact: true })).toBeVisible();

    await section.getByRole('button', { name: `予備の鍵の${t.section.rename}` }).click();
    await section.getByLabel(t.section.nameLabel).first().fill('予備の鍵（旧）');
    await section.getByRole('button', { name: t.section.save }).click();
    await expect(section.getByRole('list').getByText('予備の鍵（旧）', { exact: true })).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await section.getByRole('button', { name: `予備の鍵（旧）を${t.section.remove}` }).click();
    await expect(section.getByRole('list').getByText('予備の鍵（旧）', { exact: true })).toHaveCount(0);
    await expect(section.getByRole('list').getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'その他' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await main(page).getByRole('button', { name: t.login.signIn }).click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.loginSucceeded }).first()).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    await context.close();
  });

  test('an operator with only a passkey (no code) completes the password step with it and reaches the queue', async ({ browser }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
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
