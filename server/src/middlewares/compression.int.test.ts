import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { seedTaxonomy } from '../seed/taxonomy';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly the headers given (fetch would add and undo Accept-Encoding by itself). */
function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('compression and conditional GET of API answers', () => {
  let app: TestApp;
  let plain: unknown;
  beforeAll(async () => {
    app = await startTestApp();
    await seedTaxonomy(app.services.models);
    const res = await rawGet(app.baseUrl, '/api/tags');
    expect(res.status).toBe(200);
    plain = JSON.parse(res.body.toString('utf8'));
  });
  afterAll(() => app.close());

  it('sends the tag list uncompressed to a client that accepts no encoding', async () => {
    const res = await rawGet(app.baseUrl, '/api/tags');
    expect(res.headers['content-encoding']).toBeUndefined();
    // Large enough to be worth compressing: the cases below are not skipped for size.
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it('compresses with brotli when accepted, and the answer decodes to the same JSON', async () => {
    const res = await rawGet(app.baseUrl, '/api/tags', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('application/json');
    const decoded = brotliDecompressSync(res.body);
    expect(res.body.length).toBeLessThan(decoded.length / 2);
    expect(JSON.parse(decoded.toString('utf8'))).toEqual(plain);
  });

  it('compresses with gzip for a client that accepts only gzip', async () => {
    const res = await rawGet(app.baseUrl, '/api/tags', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toEqual(plain);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await rawGet(app.baseUrl, '/api/health', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers a GET again with 304 and no body while its ETag still matches, whatever the encoding', async () => {
    const first = await rawGet(app.baseUrl, '/api/tags', { 'Accept-Encoding': 'br' });
    const tag = first.headers.etag;
    expect(tag).toMatch(/^W\/"/);
    const again = await rawGet(app.baseUrl, '/api/tags', { 'If-None-Match': tag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const stale = await rawGet(app.baseUrl, '/api/tags', { 'If-None-Match': 'W/"something-else"' });
    expect(stale.status).toBe(200);
    expect(JSON.parse(stale.body.toString('utf8'))).toEqual(plain);
  });

  it('keeps member answers private (never shared-cacheable) and gives session answers no ETag', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const cookie = client.cookieHeader('/api/');
    const feed = await rawGet(app.baseUrl, '/api/reports/infinite?sort=new', { cookie });
    expect(feed.status).toBe(200);
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.headers.etag).toMatch(/^W\/"/);
    const again = await rawGet(app.baseUrl, '/api/reports/infinite?sort=new', { cookie, 'If-None-Match': feed.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-store');

    const me = await rawGet(app.baseUrl, '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers.etag).toBeUndefined();
  });

  it('gives error answers no ETag, so a 404 is never answered 304', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const res = await rawGet(app.baseUrl, '/api/reports/999999', { cookie: client.cookieHeader('/api/'), 'If-None-Match': '*' });
    expect(res.status).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});
