import { expect, test } from './support/test';
import { gate } from './support/gate';

/**
 * The HTML shell (apps/web/index.html) before any JavaScript has run: a header bar stands where the app's
 * own will be, in the app's styles, and gives way to it without anything moving.
 */
test('the stand-in header shows before the scripts arrive and is replaced by the real one in the same place @mobile', async ({ page }) => {
  const scripts = gate();
  // Every script waits until the stand-in has been looked at: the state of a slow first download.
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await scripts.opened;
    await route.continue();
  });

  await page.goto('/reports', { waitUntil: 'commit' });
  const standIn = page.locator('#boot-header');
  await expect(standIn).toBeVisible();
  const before = await standIn.boundingBox();
  expect(before?.y).toBe(0);
  expect(before?.height).toBeGreaterThan(0);
  await expect(page.getByRole('banner')).toHaveCount(0);

  scripts.open();
  const header = page.getByRole('banner');
  await expect(header.getByRole('searchbox')).toBeVisible();
  await expect(standIn).toHaveCount(0);
  expect(await header.boundingBox()).toEqual(before);
});
