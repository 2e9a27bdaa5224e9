import { INDEXABLE_PATHS } from '@hiraku/shared';
import { startTestApp, type TestApp } from '../../../test/support/testApp';

/** Issue 39: /robots.txt answered the web app's HTML. */
describe('GET /robots.txt', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('is plain text that lets in the public pages only and refuses everything else', async () => {
    const res = await fetch(`${app.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const body = await res.text();
    expect(body).not.toContain('<html');
    const lines = body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines.at(-1)).toBe('Disallow: /');
    for (const path of ['/', '/faq', '/privacy-policy', '/takedown-request']) expect(lines).toContain(`Allow: ${path}$`);
    // Members-only screens and token pages are never allowed.
    for (const path of ['/reports', '/dashboard', '/create-report', '/settings', '/moderation', '/api', '/verify-email', '/reset-password']) {
      expect(lines.filter((line) => line.startsWith('Allow:') && line.slice('Allow: '.length).replace(/\$$/, '') === path)).toEqual([]);
    }
    expect(lines.filter((line) => line.startsWith('Allow: ') && line.endsWith('$'))).toHaveLength(INDEXABLE_PATHS.length);
  });

  it('answers HEAD too, and refuses other methods', async () => {
    const head = await fetch(`${app.baseUrl}/robots.txt`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const post = await fetch(`${app.baseUrl}/robots.txt`, { method: 'POST' });
    expect(post.status).not.toBe(200);
  });
});
