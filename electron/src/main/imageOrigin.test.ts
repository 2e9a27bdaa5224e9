import type { HostResult } from '@hiraku/shared';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { createImageOriginSource, imageOriginOf } from './imageOrigin';

const body = (imageOrigin: unknown) => ({ supportEmail: 'madoguchi@example.jp', imageOrigin, siteOrigin: 'https://hiraku.example' });
const config = (imageOrigin: unknown): HostResult => ({ kind: 'response', status: 200, body: body(imageOrigin) });

describe("the server's image storage in the renderer's policy", () => {
  it('takes a plain http(s) origin from the site configuration, nothing else', () => {
    expect(imageOriginOf(body('https://cdn.hiraku.example'))).toBe('https://cdn.hiraku.example');
    expect(imageOriginOf(body(null))).toBeNull();
    for (const hostile of ["'unsafe-inline'", '*', 'https://cdn.example/path', 'https://cdn.example; script-src *', 'javascript:alert(1)', 42]) {
      expect(imageOriginOf(body(hostile))).toBeNull();
    }
    expect(imageOriginOf({ supportEmail: 'x' })).toBeNull();
  });

  it('asks the server, keeps the last answer while offline, and says when it changed', async () => {
    const answers: HostResult[] = [config('https://cdn.hiraku.example'), { kind: 'no-response', reason: 'network' }, config('https://cdn.hiraku.example'), config(null)];
    const call = jest.fn(async () => answers.shift() ?? config(null));
    const source = createImageOriginSource(call);
    expect(source.current()).toBeNull();
    expect(await source.update()).toBe(true);
    expect(call).toHaveBeenCalledWith({ method: 'GET', path: '/api/site-config', query: [] });
    expect(source.current()).toBe('https://cdn.hiraku.example');
    expect(await source.update()).toBe(false);
    expect(await source.update()).toBe(false);
    expect(source.current()).toBe('https://cdn.hiraku.example');
    expect(await source.update()).toBe(true);
    expect(source.current()).toBeNull();
  });

  it('allows images from that origin beside the server', () => {
    expect(contentSecurityPolicy('https://hiraku.example.jp', 'https://cdn.hiraku.example')).toContain(
      "img-src 'self' data: blob: https://hiraku.example.jp https://cdn.hiraku.example;",
    );
    expect(contentSecurityPolicy('https://hiraku.example.jp', 'https://hiraku.example.jp')).toContain("img-src 'self' data: blob: https://hiraku.example.jp;");
  });
});
