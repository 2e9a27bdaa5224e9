import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { webApp } from './webApp';

describe('webApp (serving the built single-page app)', () => {
  let dist: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="ja"><title>ひらく</title></html>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.info(1)');
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

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    const res = await fetch(`${base}/assets/..%2f..%2f..%2fetc%2fpasswd`);
    expect(res.status).toBe(404);
  });
});
