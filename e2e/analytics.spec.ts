import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { TEXTS, type AnalyticsDailyResponse } from '@hiraku/shared';
import { logInThroughApi } from './support/members';
import { createUserWithCli, signedInOperator } from './support/operators';

/**
 * First-party analytics in Chromium: every route change is a page view, and saving a report records its
 * events; the batches go to our own server, which the operators' daily report then counts.
 */

/** Today in Japan time, as the server counts days. */
function today(): string {
  return new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
}

async function todayCounts(operator: APIRequestContext) {
  const day = today();
  const response = await operator.get(`/api/moderation/analytics/daily?from=${day}&to=${day}`);
  expect(response.status()).toBe(200);
  const [counts] = ((await response.json()) as AnalyticsDailyResponse).days;
  if (!counts) throw new Error('no day in the answer');
  return counts;
}

/** The bodies of the analytics batches the page sends (navigator.sendBeacon or fetch). */
function recordBatches(page: Page): { name: string; path?: string }[] {
  const events: { name: string; path?: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/analytics/events') return;
    const body = JSON.parse(request.postData() ?? '{}') as { events?: { name: string; path?: string }[] };
    events.push(...(body.events ?? []));
  });
  return events;
}

test('route changes are page views the operators count, and saving a report records its events', async ({ browser, page }) => {
  const operatorContext = await browser.newContext();
  await signedInOperator(operatorContext.request, 'analytics-operator');
  const operator = operatorContext.request;

  const sent = recordBatches(page);
  const unique = `/e2e-analytics-${Date.now()}`;
  await page.goto(unique);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An in-app move (no reload) is a page view too.
  await page.getByRole('link', { name: 'トップページへ' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => sent.map((event) => `${event.name} ${event.path}`), { timeout: 15_000 }).toEqual(expect.arrayContaining([`page_view ${unique}`, 'page_view /']));
  await expect.poll(async () => (await todayCounts(operator)).pageViewsByPath[unique], { timeout: 15_000 }).toBe(1);

  // A member saves a draft: submit and success are counted.
  const before = (await todayCounts(operator)).events;
  await logInThroughApi(page.request, await createUserWithCli('analytics-writer', { username: '記録テスト' }));
  await page.goto('/create-report');
  await page.getByRole('main').getByLabel('タイトル').fill('記録される下書き');
  await page.getByRole('main').getByRole('button', { name: TEXTS.report.form.saveDraft }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect
    .poll(async () => {
      const { events } = await todayCounts(operator);
      // Other tests may save reports at the same time: at least this one's events have arrived.
      return [(events.report_create_submit ?? 0) > (before.report_create_submit ?? 0), (events.report_create_success ?? 0) > (before.report_create_success ?? 0)];
    }, { timeout: 15_000 })
    .toEqual([true, true]);
  await operatorContext.close();
});
