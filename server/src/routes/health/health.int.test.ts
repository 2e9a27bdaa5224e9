import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { createSearchService } from '../../search/searchService';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('reports the real database and Meilisearch as reachable', async () => {
    const res = await fetch(`${app.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', search: 'ok' });
  });

  it('stays up and says so when Meilisearch is unreachable', async () => {
    const original = app.services.search;
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused at once.
    app.services.search = createSearchService({ host: 'http://127.0.0.1:9', indexPrefix: 'none_' });
    try {
      const res = await fetch(`${app.baseUrl}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', database: 'ok', search: 'unreachable' });
    } finally {
      app.services.search = original;
    }
  });

  it('answers unknown API paths with a Japanese JSON 404', async () => {
    const res = await fetch(`${app.baseUrl}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: '指定されたデータが見つかりません。' });
  });

  it('sends the security headers on every response', async () => {
    const res = await fetch(`${app.baseUrl}/api/health`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
