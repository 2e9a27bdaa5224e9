import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  addDays,
  AUDIT_ACTION_LABELS,
  CONTACT_CATEGORY_LABELS,
  CONTACT_TEXTS,
  formatDateTimeJa,
  japanDay,
  MODERATION_TEXTS,
  SHELL_TEXTS,
  TEXTS,
  type AnalyticsDailyResponse,
  type AuditLogPage,
  type EnquiryListResponse,
} from '@hiraku/shared';
import { logInThroughApi } from './support/members';
import { suffix } from './support/moderation';
import { createUserWithCli } from './support/operators';
import { expect, test } from './support/test';
import { main } from './support/page';

/**
 * The operators' two newest screens on the web, against the real server: an enquiry sent through the
 * contact form is read and handled in お問い合わせ管理; page views a visitor makes show up in
 * アクセス解析's chart and tables.
 */

const e = MODERATION_TEXTS.enquiries;
const a = MODERATION_TEXTS.analytics;

/**
 * An operator signed in within a context of its own. In New York, so a time shown in Japan time is
 * told apart from one shown in the browser's own zone.
 */
async function operatorPage(browser: Browser): Promise<{ page: Page; publicId: string }> {
  const account = await createUserWithCli('desk-operator', { operator: true, username: `窓口${suffix()}` });
  const context = await browser.newContext({ timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await logInThroughApi(page.request, account);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { publicId: string };
  return { page, publicId: me.publicId };
}

async function daily(request: APIRequestContext, from: string, to: string): Promise<AnalyticsDailyResponse> {
  const response = await request.get(`/api/moderation/analytics/daily?from=${from}&to=${to}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsDailyResponse;
}

/** How many pixels of the canvas something was drawn on: a blank canvas has none. */
function paintedPixels(chart: Locator): Promise<number> {
  return chart.evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    let painted = 0;
    for (let index = 3; index < pixels.length; index += 4) if ((pixels[index] ?? 0) > 0) painted += 1;
    return painted;
  });
}

test('an enquiry sent through the contact form is read in full and handled by an operator', async ({ page, browser }) => {
  // A visitor writes in.
  const content = `退会後のデータの扱いについて教えてください。${suffix()}`;
  await page.goto('/contact-form');
  await main(page).getByRole('radio', { name: CONTACT_CATEGORY_LABELS.privacy }).check();
  await main(page).getByLabel(CONTACT_TEXTS.name).fill('さくら');
  await main(page).getByLabel(CONTACT_TEXTS.email).fill('sakura@example.jp');
  await main(page).getByLabel(CONTACT_TEXTS.content).fill(content);
  await main(page).getByRole('button', { name: CONTACT_TEXTS.submit }).click();
  await expect(page.getByRole('dialog', { name: CONTACT_TEXTS.resultTitle })).toHaveAccessibleDescription(TEXTS.contact.sent);

  const operator = await operatorPage(browser);
  const desk = operator.page;
  const { enquiries } = (await (await desk.request.get('/api/moderation/enquiries')).json()) as EnquiryListResponse;
  const stored = enquiries.find((enquiry) => enquiry.content === content);
  if (!stored) throw new Error('the enquiry was not kept for the operators');

  // The operator finds the screen in the その他 menu; the open enquiries come newest first.
  await desk.goto('/reports');
  await desk.getByRole('navigation', { name: SHELL_TEXTS.footer.navLabel }).getByRole('button', { name: SHELL_TEXTS.moreMenu.button }).click();
  await desk.getByRole('menu').getByRole('menuitem', { name: MODERATION_TEXTS.titles.enquiries }).click();
  await expect(main(desk).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.enquiries })).toBeVisible();
  await expect(main(desk).getByRole('radio', { name: e.statuses.open })).toBeChecked();
  const list = main(desk).getByRole('list', { name: e.listLabel });
  const summary = list.getByRole('article').filter({ hasText: content });
  await expect(summary).toContainText('さくら');
  await expect(summary).toContainText(e.open);
  const listed = await list.getByRole('article').evaluateAll((articles) => articles.map((article) => article.textContent ?? ''));
  const ours = listed.findIndex((text) => text.includes(content));
  expect(ours).toBeGreaterThanOrEqual(0);
  // Newer ones (other tests') may come before it, none of the older ones.
  for (const older of enquiries.filter((enquiry) => enquiry._id < stored._id)) {
    const index = listed.findIndex((text) => text.includes(older.content));
    if (index >= 0) expect(index).toBeGreaterThan(ours);
  }

  // Read in full: category, name, address, content and when it arrived, in Japan time (the browser is in New York).
  await summary.getByRole('link').click();
  await expect(main(desk).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.enquiry })).toBeVisible();
  const facts = main(desk).getByRole('definition');
  await expect(facts.filter({ hasText: CONTACT_CATEGORY_LABELS.privacy })).toHaveCount(1);
  await expect(facts.filter({ hasText: 'sakura@example.jp' })).toHaveCount(1);
  await expect(facts.filter({ hasText: e.visitor })).toHaveCount(1);
  await expect(facts.filter({ hasText: formatDateTimeJa(stored.createdAt) })).toHaveCount(1);
  await expect(main(desk).getByText(content)).toBeVisible();

  // Handled, then back to open, each said in words; the button says what it will do next.
  await main(desk).getByRole('button', { name: e.markHandled }).click();
  await expect(main(desk).getByRole('status').filter({ hasText: TEXTS.contact.markedHandled })).toBeVisible();
  await expect(main(desk).getByRole('button', { name: e.markOpen })).toBeFocused();
  await main(desk).getByRole('link', { name: e.backToList }).click();
  await expect(list.getByRole('article').filter({ hasText: content })).toHaveCount(0);
  await main(desk).getByRole('radio', { name: e.statuses.handled }).check();
  await expect(desk).toHaveURL(/status=handled/);
  await expect(list.getByRole('article').filter({ hasText: content })).toContainText(e.handled);
  await list.getByRole('article').filter({ hasText: content }).getByRole('link').click();
  await main(desk).getByRole('button', { name: e.markOpen }).click();
  await expect(main(desk).getByRole('status').filter({ hasText: TEXTS.contact.markedUnhandled })).toBeVisible();
  // Back to the list it came from: the handled ones, where it no longer is.
  await main(desk).getByRole('link', { name: e.backToList }).click();
  await expect(main(desk).getByRole('radio', { name: e.statuses.handled })).toBeChecked();
  await expect(list.getByRole('article').filter({ hasText: content })).toHaveCount(0);

  // Both decisions are in the audit log under the operator's name.
  for (const action of ['enquiry.handle', 'enquiry.reopen'] as const) {
    const response = await desk.request.get(`/api/moderation/audit-log?actor=${operator.publicId}&action=${action}`);
    const { entries } = (await response.json()) as AuditLogPage;
    expect(entries.map((entry) => entry.target.id), AUDIT_ACTION_LABELS[action]).toContain(String(stored._id));
  }
});

test('page views a visitor makes appear in the operators\' daily chart and its tables', async ({ page, browser }) => {
  const operator = await operatorPage(browser);
  const desk = operator.page;
  const today = japanDay(new Date());

  // A visitor moves around; the beacon reaches the server.
  const unique = `/e2e-chart-${Date.now()}`;
  await page.goto(unique);
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/faq');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await daily(desk.request, today, today)).days[0]?.pageViewsByPath[unique] ?? 0, { timeout: 15_000 }).toBe(1);

  await desk.goto('/moderation/queue');
  await desk.getByRole('navigation', { name: MODERATION_TEXTS.nav.label }).getByRole('link', { name: MODERATION_TEXTS.titles.analytics }).click();
  await expect(main(desk).getByRole('heading', { level: 1, name: MODERATION_TEXTS.titles.analytics })).toBeVisible();
  // The last 30 days in Japan, whatever the browser's own zone.
  await expect(main(desk).getByLabel(a.from)).toHaveValue(addDays(today, -29));
  await expect(main(desk).getByLabel(a.to)).toHaveValue(today);

  // Both charts are drawn, each named for screen readers and pointing to the table of the same numbers.
  const pageViews = main(desk).getByRole('img', { name: new RegExp(a.pageViewsHeading) });
  const activity = main(desk).getByRole('img', { name: new RegExp(a.activityHeading) });
  await expect(pageViews).toBeVisible();
  await expect(activity).toBeVisible();
  await expect.poll(() => paintedPixels(pageViews)).toBeGreaterThan(0);
  await expect.poll(() => paintedPixels(activity)).toBeGreaterThan(0);

  const topPages = main(desk).getByRole('region', { name: a.topPathsHeading }).getByRole('table');
  const days = main(desk).getByRole('region', { name: a.tableRegion }).getByRole('table');
  await expect(days.getByRole('row')).toHaveCount(31);
  const todayRow = days.getByRole('row').last();
  await expect(todayRow.getByRole('rowheader')).toContainText(`${Number(today.slice(5, 7))}月${Number(today.slice(8, 10))}日`);
  const number = async (cell: Locator) => Number((await cell.textContent())?.replace(/,/g, ''));
  // Other tests keep making page views: what the screen shows lies between what the server said before and after.
  const shownToday = await number(todayRow.getByRole('cell').first());
  const firstPath = (await topPages.getByRole('rowheader').first().textContent()) ?? '';
  const shownFirstPath = await number(topPages.getByRole('row').nth(1).getByRole('cell').first());
  const after = (await daily(desk.request, addDays(today, -29), today)).days;
  expect(shownToday).toBeGreaterThanOrEqual(1);
  expect(shownToday).toBeLessThanOrEqual(after.at(-1)?.pageViews ?? 0);
  expect(shownFirstPath).toBeGreaterThan(0);
  expect(shownFirstPath).toBeLessThanOrEqual(after.reduce((sum, day) => sum + (day.pageViewsByPath[firstPath] ?? 0), 0));

  // Today alone: one row.
  await main(desk).getByLabel(a.from).fill(today);
  await main(desk).getByRole('button', { name: a.show }).click();
  await expect(days.getByRole('row')).toHaveCount(2);
  await expect(topPages.getByRole('row')).not.toHaveCount(0);
  // A start after the end is refused before anything is asked.
  await main(desk).getByLabel(a.from).fill(addDays(today, 1));
  await main(desk).getByRole('button', { name: a.show }).click();
  await expect(main(desk).getByRole('alert')).toHaveText(a.rangeOrder);
});
