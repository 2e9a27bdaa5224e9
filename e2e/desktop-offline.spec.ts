import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DESKTOP_MESSAGES, DESKTOP_TEXTS, MODERATION_TEXTS } from '@hiraku/shared';
import { logInToDesktop, startDesktopHost } from './support/desktopHost';
import { E2E_BASE_URL } from './support/env';
import type { TestMember } from './support/members';
import { flagThroughApi, person, suffix } from './support/moderation';
import { createUserWithCli } from './support/operators';
import { createReportThroughApi } from './support/reports';
import { main } from './support/page';
import { seriousFindings } from './support/axe';

/**
 * The desktop app's read-only offline mode (issue 38), in its built renderer with the bridge backed by the
 * real request proxy: the queue is loaded once; the server becomes unreachable (the proxy's network
 * fails, as a lost connection would); the app shows the queue it last loaded, read-only, under a Japanese
 * banner, with nothing to act with but 再接続; back online, the queue is read again from the server.
 */

let host: Awaited<ReturnType<typeof startDesktopHost>>;
test.beforeAll(async () => {
  host = await startDesktopHost(E2E_BASE_URL);
});
test.afterAll(() => host?.close());

const logIn = (page: Page, account: TestMember) => logInToDesktop(page, host.url, account);

test('the last queue, read-only, while the server cannot be reached; read again once it can', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const [author, flagger] = await Promise.all([person(browser, '書き手'), person(browser, '通報者')]);
  const before = `接続が切れる前の通報${suffix()}`;
  await flagThroughApi(flagger.page.request, 'report', await createReportThroughApi(author.page.request, before), 'spam');

  const operator = await createUserWithCli('desktop-offline', { operator: true });
  const bridge = await logIn(page, operator);
  await expect(main(page).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.queue })).toBeVisible();
  const beforeCase = main(page).getByRole('article').filter({ hasText: before });
  await expect(beforeCase).toBeVisible();

  // The connection goes: the next call (C, claiming the case) reaches nothing, and the app turns read-only.
  bridge.setServerReachable(false);
  await beforeCase.focus();
  await page.keyboard.press('c');
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('閲覧のみ');
  await expect(banner).toContainText(DESKTOP_TEXTS.offline.banner);
  await expect(page.getByRole('list', { name: MODERATION_TEXTS.cases.listLabel })).toContainText(before);
  // Read-only: no decision, claim, 要相談 or note; the only thing to press is 再接続.
  await expect(page.getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('button', { name: DESKTOP_TEXTS.offline.retry })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '運営メニュー' })).toHaveCount(0);
  expect(await seriousFindings(page, 'the offline queue of the desktop app')).toEqual([]);

  // Meanwhile a new case opens on the server; 再接続 while still cut off changes nothing.
  const meanwhile = `切れている間の通報${suffix()}`;
  await flagThroughApi(flagger.page.request, 'report', await createReportThroughApi(author.page.request, meanwhile), 'spam');
  await page.getByRole('button', { name: DESKTOP_TEXTS.offline.retry }).click();
  await expect(page.getByRole('button', { name: DESKTOP_TEXTS.offline.retry })).toBeEnabled();
  await expect(banner).toContainText('閲覧のみ');
  await expect(page.getByText(meanwhile)).toHaveCount(0);

  // Back: 再接続 reaches the server, the screens come back and read the queue afresh.
  bridge.setServerReachable(true);
  await page.getByRole('button', { name: DESKTOP_TEXTS.offline.retry }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.queue })).toBeVisible();
  await expect(main(page).getByRole('article').filter({ hasText: meanwhile })).toBeVisible();
  await expect(page.getByText('閲覧のみ')).toHaveCount(0);
  await expect(main(page).getByRole('article').filter({ hasText: before }).getByRole('button', { name: MODERATION_TEXTS.cases.claim })).toBeEnabled();
});

/**
 * 設定 › アプリの更新 (issue 38) in the desktop renderer: the feed electron-updater asks is set by the
 * operator; the main process's bridge refuses a plain-http feed elsewhere in Japanese and keeps an https one.
 */
test('the operator sets the update feed in 設定; a plain-http feed elsewhere is refused in Japanese', async ({ page }) => {
  const operator = await createUserWithCli('desktop-update-feed', { operator: true });
  await logIn(page, operator);
  await expect(main(page).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.queue })).toBeVisible();
  await page.goto(`${host.url}/index.html#/settings`);
  const section = main(page).getByRole('region', { name: DESKTOP_TEXTS.updateFeed.heading });
  const field = section.getByLabel(DESKTOP_TEXTS.updateFeed.label);
  await expect(field).toHaveValue('');
  await field.fill('http://updates.example.jp/feed/');
  await section.getByRole('button', { name: DESKTOP_TEXTS.updateFeed.save }).click();
  await expect(section.getByRole('alert')).toHaveText(DESKTOP_MESSAGES.updateFeedInvalid);
  await field.fill('https://updates.example.jp/hiraku-operators/');
  await section.getByRole('button', { name: DESKTOP_TEXTS.updateFeed.save }).click();
  await expect(section.getByRole('status')).toHaveText(DESKTOP_TEXTS.updateFeed.saved);
  expect(await seriousFindings(page, 'the desktop app\'s 設定 with アプリの更新')).toEqual([]);
  // Kept by the main process: the app started again shows it.
  await page.reload();
  await expect(main(page).getByRole('region', { name: DESKTOP_TEXTS.updateFeed.heading }).getByLabel(DESKTOP_TEXTS.updateFeed.label)).toHaveValue('https://updates.example.jp/hiraku-operators/');
});
