import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_ATTESTATION_TEXTS, MODERATION_TEXTS, REPORT_FORM_TEXTS, TEXTS } from '@hiraku/shared';
import { expect, test } from './support/test';
import { installDesktopBridge, startDesktopHost } from './support/desktopHost';
import { E2E_BASE_URL } from './support/env';
import { enterLoginCode, xsrfHeaders } from './support/members';
import { flagThroughApi, person, suffix, type Person } from './support/moderation';
import { createUserWithCli } from './support/operators';
import { createReportThroughApi } from './support/reports';
import { main } from './support/page';
import { seriousFindings } from './support/axe';

/**
 * Issue 38 in Chromium at 1280 px against the real server: the wide case queue (list on the left, the
 * cases on the right) worked through ten cases by keyboard alone, in the web build and in the desktop
 * app's renderer; and an image removed by an operator refused when a member uploads it again.
 */

const t = MODERATION_TEXTS.cases;
const category = TEXTS.flag.categories.aiManipulatedPerson.label;

/** Ten reports flagged as AIで加工された実在の人物の画像: a category no other spec uses, so the filtered queue is exactly these. */
async function tenFlaggedReports(author: Person, flagger: Person): Promise<string[]> {
  const titles = Array.from({ length: 10 }, (_, index) => `加工画像の疑い${index + 1}-${suffix()}`);
  for (const title of titles) {
    const id = await createReportThroughApi(author.page.request, title);
    await flagThroughApi(flagger.page.request, 'report', id, 'aiManipulatedPerson', '顔が合成されています');
  }
  return titles;
}


/**
 * From the queue as loaded (filtered to the ten), J and K only: each case in turn has the focus on the
 * right while the list on the left marks it, down to the tenth and back; then D on the seventh decides it
 * and the focus stays in the queue, on the case that took its place.
 */
async function workTenCasesByKeyboard(page: Page, titles: string[]): Promise<void> {
  const pane = page.getByRole('navigation', { name: t.listPaneLabel });
  for (const title of titles) await expect(pane.getByRole('button', { name: new RegExp(title) })).toHaveCount(1);
  const before = await pane.getByRole('button').count();
  // The queue sorts the oldest first within one category: the order they were flagged in, after any
  // case of this category an earlier test of the run left open.
  const focused = () => page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h2')?.textContent ?? '');
  const current = pane.locator('[aria-current="true"]');
  await page.keyboard.press('j');
  for (let step = 0; step < 30 && !(await focused()).includes(titles[0]!); step += 1) await page.keyboard.press('j');
  for (let index = 0; index < 10; index += 1) {
    if (index > 0) await page.keyboard.press('j');
    await expect.poll(focused).toContain(titles[index]!);
    await expect(current).toContainText(titles[index]!);
    await expect(main(page).getByRole('article').filter({ hasText: titles[index]! })).toBeInViewport();
  }
  // J at the end stays on the tenth; K goes back up.
  await page.keyboard.press('j');
  await expect.poll(focused).toContain(titles[9]!);
  for (const index of [8, 7, 6]) {
    await page.keyboard.press('k');
    await expect.poll(focused).toContain(titles[index]!);
    await expect(current).toContainText(titles[index]!);
  }
  // The action bar of the case in hand is on screen, held at the bottom of its pane.
  const inHand = main(page).getByRole('article').filter({ hasText: titles[6]! });
  await expect(inHand.getByRole('button', { name: t.actions.dismiss, exact: true })).toBeInViewport();
  await page.keyboard.press('d');
  const dialog = page.getByRole('alertdialog', { name: t.actions.dismiss });
  await expect(dialog.getByLabel(MODERATION_TEXTS.common.reasonLabel)).toBeFocused();
  await page.keyboard.type('加工ではありませんでした');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(pane.getByRole('button')).toHaveCount(before - 1);
  await expect.poll(focused).toContain(titles[7]!);
  await expect(current).toContainText(titles[7]!);
}

test('the wide queue in the web build: ten cases by keyboard alone, the list beside the cases, no tab bar, axe clean', async ({ browser }) => {
  test.setTimeout(360_000);
  // One after the other: each is a CLI process, and on a busy machine three at once can pass its time limit.
  const author = await person(browser, '書き手');
  const flagger = await person(browser, '通報者');
  const operator = await person(browser, '運営', true);
  const titles = await tenFlaggedReports(author, flagger);
  const page = operator.page;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/moderation/queue');
  await main(page).getByLabel(t.category).selectOption({ label: category });
  await expect(page.getByRole('navigation', { name: TEXTS.shell.footer.navLabel })).toBeHidden();
  expect(await seriousFindings(page)).toEqual([]);
  await workTenCasesByKeyboard(page, titles);
});

test('the wide queue in the desktop renderer: ten cases by keyboard alone', async ({ browser, page }) => {
  test.setTimeout(360_000);
  const host = await startDesktopHost(E2E_BASE_URL);
  try {
    const author = await person(browser, '書き手');
    const flagger = await person(browser, '通報者');
    const titles = await tenFlaggedReports(author, flagger);
    const account = await createUserWithCli('opsguard-desk', { operator: true, username: `机${suffix()}` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await installDesktopBridge(page, E2E_BASE_URL);
    await page.goto(`${host.url}/index.html#/login`);
    await main(page).getByLabel('メールアドレス').fill(account.email);
    await main(page).getByLabel('パスワード').fill(account.password);
    await main(page).getByRole('button', { name: 'ログイン' }).click();
    await enterLoginCode(main(page), account);
    await page.getByRole('navigation', { name: '運営メニュー' }).getByRole('link', { name: '通報キュー' }).click();
    await main(page).getByLabel(t.category).selectOption({ label: category });
    expect(await seriousFindings(page)).toEqual([]);
    await workTenCasesByKeyboard(page, titles);
  } finally {
    await host.close();
  }
});

/** A picture with shapes (a flat one has no difference hash and is never blocked). */
function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="#2a6f97"/><circle cx="160" cy="200" r="120" fill="#f4a261"/><rect x="360" y="80" width="220" height="300" fill="#e9c46a"/><circle cx="470" cy="400" r="60" fill="#264653"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

test('an image an operator removed is refused when a member uploads it again, resized, through the report form', async ({ browser }) => {
  test.setTimeout(120_000);
  const author = await person(browser, '書き手');
  const other = await person(browser, '別の会員');
  const operator = await person(browser, '運営', true);
  const image = await picture();
  const removedId = await createReportThroughApi(author.page.request, `削除される画像${suffix()}`, { image });
  const hidden = await operator.page.request.post(`/api/moderation/reports/${removedId}/hide`, {
    headers: await xsrfHeaders(operator.page.request),
    data: { reason: '本人の同意のない画像のため' },
  });
  expect(hidden.ok(), await hidden.text()).toBe(true);

  // Another member edits a report of their own and chooses the same picture, smaller and re-encoded.
  const ownId = await createReportThroughApi(other.page.request, `自分の記録${suffix()}`);
  const page = other.page;
  await page.goto(`/edit-report/${ownId}`);
  const form = main(page);
  await form.getByLabel(/^(メイン画像を選ぶ|別の画像を選ぶ)$/).setInputFiles({ name: 'again.webp', mimeType: 'image/webp', buffer: await sharp(image).resize(320).webp({ quality: 50 }).toBuffer() });
  await form.getByRole('checkbox', { name: IMAGE_ATTESTATION_TEXTS.consent }).check();
  await form.getByRole('checkbox', { name: IMAGE_ATTESTATION_TEXTS.mosaic }).check();
  await form.getByRole('button', { name: REPORT_FORM_TEXTS.publish }).click();
  await expect(form.getByText(TEXTS.guard.imageRefused).first()).toBeVisible();
  const detail = (await (await page.request.get(`/api/reports/${ownId}`)).json()) as { mainImageUrl?: string | null; image?: unknown };
  expect(JSON.stringify(detail)).not.toContain('/media/reports/');
  expect(await seriousFindings(page)).toEqual([]);
});
