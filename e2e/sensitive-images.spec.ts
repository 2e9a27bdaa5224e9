import type { APIRequestContext, Page } from '@playwright/test';
import { SENSITIVE_IMAGE_TEXTS, type ReportMutationResponse, type TagItem } from '@hiraku/shared';
import { expect, test } from './support/test';
import { E2E_BASE_URL } from './support/env';
import { logInThroughApi, xsrfHeaders } from './support/members';
import { createUserWithCli } from './support/operators';
import { main } from './support/page';
import { seriousFindings } from './support/axe';

/**
 * Issue 19 in Chromium: an image labelled センシティブな画像 is blurred for a member who chose ぼかす
 * (the default), and its full address is nowhere in the page until they tap 表示する; under 表示する it
 * shows at once; under 表示しない neither it nor its preview is in the page. No serious axe finding at
 * 375 and 1280 px on the blurred screens.
 */

const s = SENSITIVE_IMAGE_TEXTS;
// A 1x1 PNG: the server re-encodes it into the main image, thumbnail and blurred preview.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

/** A published report with a labelled image (the form's default), posted as the member of `request`; its id and stored keys. */
async function reportWithImage(request: APIRequestContext, title: string) {
  const tags = (await (await request.get('/api/tags')).json()) as TagItem[];
  const first = (key: string) => String(tags.find((tag) => tag.category_id?.key === key)?._id ?? '');
  const response = await request.post('/api/reports', {
    headers: await xsrfHeaders(request),
    multipart: {
      title,
      description: `${title}の感想です。`,
      gender: first('gender'),
      sexualOrientation: first('sexualOrientation'),
      role: first('role'),
      isDraft: 'false',
      'playCategories[0]': first('playCategory'),
      'playContents[0]': first('playContent'),
      imageConsent: 'true',
      imageMosaic: 'true',
      mainImage: { name: 'a.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { report } = (await response.json()) as ReportMutationResponse;
  // The author sees their own image in full, labelled: these are the addresses others must not get early.
  expect(report.image).toMatchObject({ sensitive: true, display: 'full' });
  const key = (url: string | null) => (url ?? '').replace(/^.*\/reports\//, '');
  return { id: report._id, mainKey: key(report.mainImageUrl), thumbnailKey: key(report.thumbnailUrl) };
}


async function choose(page: Page, choice: keyof typeof s.choices) {
  await page.goto('/settings');
  const section = main(page).getByRole('region', { name: s.settingsHeading });
  // Named by the choice alone (its hint is the description; ぼかす's hint quotes 表示する).
  await section.getByRole('radio', { name: s.choices[choice], exact: true }).check();
  await section.getByRole('button', { name: s.save }).click();
  await expect(section.getByText('センシティブな画像の表示方法を保存しました。')).toBeVisible();
}

test('a sensitive image: blurred until tapped, shown under 表示する, absent under 表示しない', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const token = `sens${Math.random().toString(36).slice(2, 8)}`;
  const title = `縄 ${token}`;
  const author = await createUserWithCli('sensitive-author', { username: `画像の投稿者${token.slice(-3)}` });
  const authorContext = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  await logInThroughApi(authorContext, author);
  const report = await reportWithImage(authorContext, title);
  await authorContext.dispose();
  expect([report.mainKey, report.thumbnailKey]).not.toContain('');

  await logInThroughApi(page.request, await createUserWithCli('sensitive-viewer', { username: '画像を見る会員' }));
  await expect
    .poll(async () => ((await (await page.request.get('/api/reports/search/advanced', { params: { query: token } })).json()) as { total: number }).total, { timeout: 20_000 })
    .toBe(1);

  // ぼかす (the default): the search card is blurred, with no full address in the page.
  await page.goto(`/search-results?query=${token}`);
  const card = main(page).locator('article.report-card', { has: page.getByRole('link', { name: title }) });
  await expect(card.locator('[data-sensitive-image="blur"]')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousFindings(page)).toEqual([]);
  }
  expect(await page.content()).not.toContain(report.thumbnailKey);
  expect(await page.content()).not.toContain(report.mainKey);
  await card.getByRole('button', { name: s.reveal }).click();
  await expect(card.locator(`img[src$="${report.thumbnailKey}"]`)).toBeVisible();
  expect(await page.content()).not.toContain(report.mainKey);

  // The detail page: the same until the tap.
  await page.goto(`/reports/${report.id}`);
  const figure = main(page).locator('figure.report-detail__figure');
  await expect(figure.locator('[data-sensitive-image="blur"]')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousFindings(page)).toEqual([]);
  }
  expect(await page.content()).not.toContain(report.mainKey);
  await figure.getByRole('button', { name: s.reveal }).click();
  await expect(figure.locator(`img[src$="${report.mainKey}"]`)).toBeVisible();

  // 表示する: shown at once, no button.
  await choose(page, 'show');
  await page.goto(`/reports/${report.id}`);
  await expect(main(page).locator(`img[src$="${report.mainKey}"]`)).toBeVisible();
  await expect(main(page).getByRole('button', { name: s.reveal })).toHaveCount(0);

  // 表示しない: a neutral placeholder; neither the image nor its preview is in the page.
  await choose(page, 'hide');
  await page.goto(`/search-results?query=${token}`);
  await expect(card.getByText(s.hidden)).toBeVisible();
  await expect(card.getByRole('button', { name: s.reveal })).toHaveCount(0);
  await expect(card.locator('img.sensitive-image__preview')).toHaveCount(0);
  expect(await page.content()).not.toContain(report.thumbnailKey);
  await page.goto(`/reports/${report.id}`);
  await expect(main(page).getByText(s.hidden)).toBeVisible();
  expect(await page.content()).not.toContain(report.mainKey);
});
