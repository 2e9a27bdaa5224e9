import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { NOTIFICATION_TEXTS, type EnquiryListResponse } from '@hiraku/shared';
import { xsrfHeaders } from './support/members';
import { commentThroughApi, person } from './support/moderation';
import { expect, test } from './support/test';
import { signedInOperator } from './support/operators';
import { createReportThroughApi } from './support/reports';

/**
 * Every screen, as a visitor, a member and an operator meets it, at a phone's 375 px and a desktop's
 * 1280 px: axe finds no serious or critical violation, and no page asks any other host for anything.
 */

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const PUBLIC_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email?resend=1',
  '/contact-form',
  '/faq',
  '/glossary',
  '/terms-of-service',
  '/privacy-policy',
  '/notifications/unsubscribe?token=not-a-real-token',
  '/no-such-page',
];

interface Finding {
  screen: string;
  width: number;
  rule: string;
  impact: string;
  targets: string[];
}

/** Loads a screen and waits until nothing is loading any more, so axe sees what a person would. */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /読み込んでいます|確認しています/ })).toHaveCount(0);
}

/**
 * Keeps the signed-in member's bell showing an unread count (issue 39: the badge once failed axe): before
 * each screen, `unread` makes sure one is there (another member comments again once /notifications has
 * cleared them), and the count must be on the screen before axe runs. /notifications itself reads them.
 */
interface UnreadBell {
  ensure: () => Promise<void>;
}

const READS_NOTIFICATIONS = '/notifications';

async function seriousFindings(page: Page, screens: readonly string[], unread?: UnreadBell): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const screen of screens) {
      await unread?.ensure();
      await settle(page, screen);
      if (unread && screen !== READS_NOTIFICATIONS) {
        await expect(page.getByTestId('notification-count')).toBeVisible();
        await expect(page.getByTestId('notification-bell')).not.toHaveAccessibleName(NOTIFICATION_TEXTS.bellLabel(0));
      }
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const violation of violations) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        findings.push({ screen, width: viewport.width, rule: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) });
      }
    }
  }
  return findings;
}

/** Every request the page makes, by origin: a self-hosted community must not tell other hosts who reads it. */
function recordForeignRequests(page: Page, baseURL: string | undefined): string[] {
  const own = new URL(baseURL ?? 'http://localhost').origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && url.origin !== own) foreign.push(request.url());
  });
  return foreign;
}

test.describe.configure({ timeout: 240_000 });

test('the axe check itself notices a critical violation', async ({ page }) => {
  await settle(page, '/faq');
  await page.locator('main').evaluate((main) => main.insertAdjacentHTML('afterbegin', '<img src="/favicon.ico">'));
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => [violation.id, violation.impact])).toContainEqual(['image-alt', 'critical']);
});

test('a visitor: every public screen passes axe at 375 and 1280 px and asks no other host', async ({ page, baseURL }) => {
  const foreign = recordForeignRequests(page, baseURL);
  expect(await seriousFindings(page, PUBLIC_SCREENS)).toEqual([]);
  expect(foreign).toEqual([]);
});

/** Another member comments on `reportId` whenever the signed-in member of `page` has nothing unread. */
async function unreadFromComments(page: Page, commenter: Page, reportId: number): Promise<UnreadBell> {
  const unreadCount = async () => ((await (await page.request.get('/api/notifications/unread-count')).json()) as { count: number }).count;
  let comments = 0;
  return {
    ensure: async () => {
      if ((await unreadCount()) > 0) return;
      comments += 1;
      await commentThroughApi(commenter.request, reportId, `読みやすい記録でした（${comments}）`);
      await expect.poll(unreadCount).toBeGreaterThan(0);
    },
  };
}

test('a member and an operator: every signed-in screen passes axe at 375 and 1280 px, with the bell showing an unread count, and asks no other host', async ({ page, baseURL, browser }) => {
  // Longer than the others: an unread count is made and awaited before each of the 38 sweeps, on 2 shared cores.
  test.setTimeout(900_000);
  const foreign = recordForeignRequests(page, baseURL);
  await signedInOperator(page.request, 'a11y');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { publicId: string };
  const published = await createReportThroughApi(page.request, `読みやすさの確認${Date.now() % 10000}`);
  const reader = await person(browser, '読み手');
  const unread = await unreadFromComments(page, reader.page, published);
  const draft = await createReportThroughApi(page.request, '下書きの確認', { isDraft: true });
  const screens = [
    '/reports',
    `/reports/${published}`,
    `/reports/${draft}`,
    '/create-report',
    `/edit-report/${published}`,
    '/dashboard',
    '/profile',
    `/profile/${me.publicId}`,
    '/search-results?query=%E7%A2%BA%E8%AA%8D',
    '/delete-account',
    '/notifications',
    '/settings',
    '/tutorial',
    // Operators' screens.
    '/category-manager',
    '/tag-manager',
    '/moderation/queue',
    '/moderation/members',
    '/moderation/audit-log',
    '/moderation/announcements',
  ];
  expect(await seriousFindings(page, screens, unread)).toEqual([]);
  expect(foreign).toEqual([]);
});

test('an operator: the enquiry screens and the analytics charts pass axe at 375 and 1280 px and ask no other host', async ({ page, baseURL }) => {
  const foreign = recordForeignRequests(page, baseURL);
  await signedInOperator(page.request, 'a11y-desk');
  const content = `読みやすさの確認のお問い合わせ${Date.now()}`;
  const sent = await page.request.post('/api/contact', { headers: await xsrfHeaders(page.request), data: { category: 'other', name: 'あき', content } });
  expect(sent.status()).toBe(201);
  const { enquiries } = (await (await page.request.get('/api/moderation/enquiries')).json()) as EnquiryListResponse;
  const enquiry = enquiries.find((item) => item.content === content);
  if (!enquiry) throw new Error("the enquiry is not in the operators' list");
  expect(await seriousFindings(page, ['/moderation/enquiries', `/moderation/enquiries/${enquiry._id}`, '/moderation/analytics'])).toEqual([]);
  expect(foreign).toEqual([]);
});
