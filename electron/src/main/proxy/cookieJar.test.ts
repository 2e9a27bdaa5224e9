import { CookieJar } from './cookieJar';

describe('cookie jar', () => {
  it('sends cookies by path and drops them when the server expires them', () => {
    let now = Date.UTC(2026, 0, 1);
    const jar = new CookieJar([], () => now);
    jar.store([
      'XSRF-TOKEN=abc; path=/; samesite=lax',
      'hiraku_access=acc; path=/; expires=Thu, 01 Jan 2026 00:15:00 GMT; httponly',
      'hiraku_refresh=ref; path=/api/auth; max-age=3600; httponly',
    ]);
    expect(jar.header('/api/categories', false)).toBe('XSRF-TOKEN=abc; hiraku_access=acc');
    expect(jar.header('/api/auth/refresh', false)).toBe('hiraku_refresh=ref; XSRF-TOKEN=abc; hiraku_access=acc');
    expect(jar.header('/api/authority', false)).not.toContain('hiraku_refresh');
    now += 20 * 60_000;
    expect(jar.get('hiraku_access')).toBeUndefined();
    jar.store(['hiraku_refresh=; path=/api/auth; expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.snapshot().map((cookie) => cookie.name)).toEqual(['XSRF-TOKEN']);
  });

  it('keeps Secure cookies off plain connections', () => {
    const jar = new CookieJar();
    jar.store(['hiraku_access=acc; path=/; secure']);
    expect(jar.header('/api/auth/me', false)).toBeUndefined();
    expect(jar.header('/api/auth/me', true)).toBe('hiraku_access=acc');
  });
});
