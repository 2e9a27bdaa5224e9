import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BOOT_HEADER_ID, BOOT_SCREEN_ID, COOKIE_NAMES, FIRST_SCREENS_MANIFEST, SORT_COOKIE, type ReportPage } from '@hiraku/shared';
import { createReport, createUser } from '../../test/factories';
import type { HttpClient } from '../../test/support/httpClient';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';

const FEED_URL = '/api/reports/infinite?sort=new&limit=8';

/** A build as apps/web/firstScreenPages.ts writes it: index.html with its stand-in header, the /reports page and the list. */
async function writeBuild(dist: string): Promise<void> {
  const page = (extra: string) =>
    `<!doctype html><html lang="ja"><head><title>ひらく</title>${extra}</head><body><header id="${BOOT_HEADER_ID}" class="site-header" aria-hidden="true"></header><div id="root"></div></body></html>`;
  await fs.mkdir(path.join(dist, 'first-screens'), { recursive: true });
  await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), page(''));
  await fs.writeFile(path.join(dist, 'first-screens', 'reports.html'), page(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${FEED_URL}">`));
  await fs.writeFile(path.join(dist, FIRST_SCREENS_MANIFEST), JSON.stringify({ '/reports': { page: 'first-screens/reports.html', fetch: ['/api/auth/me', FEED_URL] } }));
}

/** The ids of the report cards in a page, in their order. */
function cardIds(html: string): number[] {
  return [...html.matchAll(/class="report-card" data-report-id="(\d+)"/g)].map((match) => Number(match[1]));
}

/**
 * /reports as the server sends it to a signed-in member (issue 22, LCP): the page holds the first cards,
 * rendered from what the member's own API call would answer, for them alone.
 */
describe('first screens rendered on the server', () => {
  let app: TestApp;
  let dist: string;
  let reader: { client: HttpClient };

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-first-screen-'));
    await writeBuild(dist);
    app = await startTestApp({ webDistDir: dist, deliverMail: false });
    reader = await signedInMember(app.baseUrl);
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("holds the member's first page of the feed, the one the API answers them, with blocked members' reports left out", async () => {
    const friend = await createUser();
    const blocked = await createUser();
    for (let i = 0; i < 10; i += 1) await createReport({ author: friend, title: `縄の練習 ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    await createReport({ author: blocked, title: 'ブロックした人のレポート', createdAt: new Date(Date.UTC(2026, 1, 1)) });
    expect((await reader.client.post(`/api/blocks/${blocked.publicId}`)).status).toBe(200);

    const res = await reader.client.get<string>('/reports', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const html = res.body;
    expect(html).toContain(`<div id="${BOOT_SCREEN_ID}" inert>`);
    expect(html).not.toContain(`id="${BOOT_HEADER_ID}"`);
    expect(html).toContain('<title>レポート一覧 | ひらく</title>');
    expect(html).toContain('縄の練習 9');
    expect(html).not.toContain('ブロックした人のレポート');

    const api = await reader.client.get<ReportPage>(FEED_URL);
    expect(api.status).toBe(200);
    expect(cardIds(html)).toEqual(api.body.data.map((report) => report._id));
    expect(cardIds(html)).toHaveLength(8);

    // The answers the screen was read from come in the page, for the app to start from: the same first
    // page and the member's own session, as the API answers them.
    const sent = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(html);
    const answers = JSON.parse(sent?.[1] ?? '{}') as Record<string, unknown>;
    expect(Object.keys(answers).sort()).toEqual(['/api/auth/me', FEED_URL]);
    expect((answers[FEED_URL] as ReportPage).data.map((report) => report._id)).toEqual(api.body.data.map((report) => report._id));
    expect(answers['/api/auth/me']).toEqual((await reader.client.get('/api/auth/me')).body);
  });

  it('sends the page without a screen to a visitor with no session, or an expired one', async () => {
    const anonymous = await fetch(`${app.baseUrl}/reports`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
    const page = await anonymous.text();
    expect(page).toContain(`id="${BOOT_HEADER_ID}"`);
    expect(page).not.toContain(BOOT_SCREEN_ID);

    const stale = await fetch(`${app.baseUrl}/reports`, { headers: { cookie: `${COOKIE_NAMES.access}=not-a-token` } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).not.toContain(BOOT_SCREEN_ID);
  });

  it('sends the page without a screen to a member whose list starts in another order than the page preloads', async () => {
    const cookie = `${reader.client.cookieHeader('/reports')}; ${SORT_COOKIE}=like`;
    const liked = await fetch(`${app.baseUrl}/reports`, { headers: { cookie } });
    expect(liked.status).toBe(200);
    expect(liked.headers.get('cache-control')).toBe('no-cache');
    expect(await liked.text()).not.toContain(BOOT_SCREEN_ID);
    const newest = await fetch(`${app.baseUrl}/reports`, { headers: { cookie: `${reader.client.cookieHeader('/reports')}; ${SORT_COOKIE}=new` } });
    expect(await newest.text()).toContain(BOOT_SCREEN_ID);
  });

  it('renders only addresses the build names as first screens', async () => {
    const other = await fetch(`${app.baseUrl}/reports/1`, { headers: { cookie: reader.client.cookieHeader('/reports/1') } });
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-control')).toBe('no-cache');
    expect(await other.text()).not.toContain(BOOT_SCREEN_ID);
  });
});
