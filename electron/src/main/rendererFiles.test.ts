import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { rendererFileResponse } from './rendererFiles';

describe('renderer files on the app scheme', () => {
  let root: string;
  beforeAll(() => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hiraku-renderer-'));
    root = path.join(base, 'renderer');
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>ひらく運営</title>');
    fs.writeFileSync(path.join(root, 'assets', 'app.js'), 'console.info(1)');
    fs.writeFileSync(path.join(base, 'secret.txt'), 'outside');
  });

  it('serves index.html for / and files with their type, always with the policy', async () => {
    const csp = contentSecurityPolicy('https://hiraku.example.jp');
    const index = await rendererFileResponse(root, '/', csp);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe(csp);
    expect(await index.text()).toContain('ひらく運営');
    const script = await rendererFileResponse(root, '/assets/app.js', csp);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves a file outside its folder', async () => {
    for (const pathname of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/%E0%A4%A', '/missing.js']) {
      const response = await rendererFileResponse(root, pathname, 'x');
      expect(response.status).toBe(404);
    }
  });
});

describe('content security policy', () => {
  it('allows only the app itself, no network, and images from the server', () => {
    const csp = contentSecurityPolicy('https://hiraku.example.jp');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https://hiraku.example.jp");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(contentSecurityPolicy(null)).toContain("img-src 'self' data: blob:;");
  });
});
