import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { COMPRESSION_THRESHOLD_BYTES, WHOLE_BODY_LIMIT_BYTES, compression } from './compression';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const json = (bytes: number) => JSON.stringify({ text: '縄の記録'.repeat(Math.ceil(bytes / 12)) });
const MIDDLE = json(5_000);
const LARGE = json(WHOLE_BODY_LIMIT_BYTES * 3);
const PARTS = ['<!doctype html><head>', '<p>一画面目</p>'.repeat(200), '</html>'];

/** A real server with the middleware in front of answers of each kind. */
function answeringApp(): Koa {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    switch (ctx.path) {
      case '/small':
        ctx.body = { ok: true };
        return;
      case '/middle':
        ctx.type = 'application/json';
        ctx.body = MIDDLE;
        return;
      case '/object':
        ctx.body = JSON.parse(MIDDLE) as object;
        return;
      case '/large':
        ctx.type = 'application/json';
        ctx.body = LARGE;
        return;
      case '/parts':
        ctx.type = 'text/html';
        ctx.body = Readable.from(PARTS);
        return;
      case '/events':
        ctx.type = 'text/event-stream';
        ctx.body = Readable.from([`data: ${'x'.repeat(4_000)}\n\n`]);
        return;
      case '/no-transform':
        ctx.type = 'application/json';
        ctx.set('Cache-Control', 'no-transform');
        ctx.body = MIDDLE;
        return;
      case '/image':
        ctx.type = 'image/png';
        ctx.body = Buffer.alloc(5_000, 1);
        return;
      default:
        ctx.status = 404;
    }
  });
  return app;
}

describe('compression of answers', () => {
  let server: http.Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = http.createServer(answeringApp().callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A request with exactly the headers given (fetch would add and undo Accept-Encoding by itself). */
  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<RawAnswer>((resolve, reject) => {
      const req = http.request(new URL(path, baseUrl), { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  it('compresses a whole answer with brotli in one piece, with the length of the compressed bytes', async () => {
    const res = await request('/middle', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(MIDDLE) / 4);
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(MIDDLE);
  });

  it('serialises and compresses an answer given as an object', async () => {
    const res = await request('/object', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString('utf8'))).toEqual(JSON.parse(MIDDLE));
  });

  it('uses gzip when the client prefers it or accepts only it', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip']) {
      const res = await request('/middle', { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).toString('utf8')).toBe(MIDDLE);
    }
  });

  it('sends answers as they are to a client that accepts no encoding we have', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'deflate' }] as Record<string, string>[]) {
      const res = await request('/middle', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString('utf8')).toBe(MIDDLE);
    }
  });

  it('compresses an answer larger than the whole-answer limit, and one sent in parts, as a stream', async () => {
    const large = await request('/large', { 'Accept-Encoding': 'br' });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(large.body).toString('utf8')).toBe(LARGE);

    const parts = await request('/parts', { 'Accept-Encoding': 'gzip' });
    expect(parts.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(parts.body).toString('utf8')).toBe(PARTS.join(''));
  });

  it('leaves alone small answers, event streams, images, no-transform answers and HEAD requests', async () => {
    const small = await request('/small', { 'Accept-Encoding': 'br' });
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-type']).toContain('application/json');
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ ok: true });
    for (const res of [small, await request('/events', { 'Accept-Encoding': 'br' }), await request('/image', { 'Accept-Encoding': 'br' }), await request('/no-transform', { 'Accept-Encoding': 'br' })]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const head = await request('/middle', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });
});
