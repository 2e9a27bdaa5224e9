import fs from 'node:fs/promises';
import http, { type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { webApp } from './webApp';

/** What the precompressed copies hold; the plain file differs on purpose, so a test sees which one was sent. */
const SCRIPT = 'console.info("precompressed")';

/** A request with exactly these headers: fetch would ask for and decode compressed answers by itself. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('webApp (serving the built single-page app)', () => {
  let dist: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><title>ひらく</title></html>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.info(1)');
    // As apps/web/precompress.ts writes them beside each file of the build.
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // As apps/web/firstScreenPages.ts writes them: a page per first screen, and the list.
    await fs.mkdir(path.join(dist, 'first-screens'));
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, 'first-screens', 'reports.html'), '<!doctype html><html lang="ja"><title>ひらく</title><link rel="preload" as="fetch" href="/api/reports/infinite"></html>');
    await fs.writeFile(path.join(dist, 'secret.html'), 'not a page');
    await fs.writeFile(
      path.join(dist, '.vite', 'first-screens.json'),
      JSON.stringify({ '/reports': { page: 'first-screens/reports.html', fetch: ['/api/reports/infinite'] } }),
    );
    const app = new Koa();
    app.use(webApp(dist));
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html so a reload keeps the page', async () => {
    for (const route of ['/', '/reports/12', '/glossary']) {
      const res = await fetch(base + route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('lang="ja"');
    }
  });

  it("answers a first screen's address with its own page, which names what that screen needs", async () => {
    for (const route of ['/reports', '/reports/']) {
      const res = await fetch(base + route);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('rel="preload" as="fetch"');
    }
    // Other addresses below it are other screens.
    expect(await (await fetch(`${base}/reports/12`)).text()).not.toContain('preload');
  });

  it('sends index.html when the list of first screens names a file it must not', async () => {
    await fs.writeFile(path.join(dist, '.vite', 'first-screens.json'), JSON.stringify({ '/reports': { page: '../secret.html', fetch: [] } }));
    // The list is read again after a build, which writes index.html anew.
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><title>ひらく</title><!-- rebuilt --></html>');
    try {
      const page = await (await fetch(`${base}/reports`)).text();
      expect(page).toContain('rebuilt');
      expect(page).not.toContain('not a page');
    } finally {
      await fs.writeFile(
        path.join(dist, '.vite', 'first-screens.json'),
        JSON.stringify({ '/reports': { page: 'first-screens/reports.html', fetch: ['/api/reports/infinite'] } }),
      );
      await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><title>ひらく</title></html>');
    }
  });

  it('says in Japanese that the web app is not built yet when there is no index.html (503)', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-no-build-'));
    const app = new Koa();
    app.use(webApp(empty));
    const bare: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const address = bare.address();
      const res = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/reports`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('Web アプリがビルドされていません');
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      await fs.rm(empty, { recursive: true, force: true });
    }
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${base}/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
  });

  it('asks the browser to revalidate files without a hash in their name', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    ['br', 'br', brotliCompressSync],
    ['gzip', 'gzip', gzipSync],
  ] as const)('sends the precompressed copy to a client accepting %s', async (accept, encoding, compress) => {
    const res = await rawGet(`${base}/assets/app-abc123.js`, { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.equals(compress(SCRIPT))).toBe(true);
  });

  it('sends the plain file to a client accepting no encoding', async () => {
    const res = await rawGet(`${base}/assets/app-abc123.js`, {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe('console.info(1)');
  });

  it('never serves files outside the build folder', async () => {
    const res = await fetch(`${base}/assets/..%2f..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
  });
});
