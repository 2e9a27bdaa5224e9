import { LIMITS } from '@hiraku/shared';
import { expect, test } from './support/test';
import { createConfirmedMember, createProfileThroughApi, logInThroughApi } from './support/members';
import { createReportThroughApi } from './support/reports';

/**
 * Issue 14's CLS target: nothing on /reports moves while it loads (the session check, the stand-in cards
 * of the first page, the popular keywords). Read from Chromium's own layout-shift entries, the figure the
 * bench's web phase reports; the same entries name what moved when it fails.
 */
interface Shift {
  value: number;
  moved: string[];
}

test('/reports loads without a layout shift @mobile', async ({ page }) => {
  await logInThroughApi(page.request, await createConfirmedMember(page.request, 'cls'));
  await createProfileThroughApi(page.request, 'レイアウトさん');
  // More than a page, so the list is as long as a real one.
  for (let i = 0; i <= LIMITS.pageSize; i += 1) await createReportThroughApi(page.request, `ずれない一覧${i}`);

  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }>) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, moved: entry.sources.map((source) => (source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // A CPU as slow as CI's busiest minutes: the page the server rendered is then painted while it is still
  // being read (the header before the bell that follows it), and the app's first frame comes late. Both
  // moved the search box there and never on an idle machine.
  const devTools = await page.context().newCDPSession(page);
  await devTools.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto('/reports', { waitUntil: 'networkidle' });
  await expect(page.locator('article.report-card').first()).toBeVisible();
  // Two frames: the observer delivers the entries of the last layout.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  expect(shifts).toEqual([]);
});
