import type { Server } from 'node:http';
import { COOKIE_NAMES } from '@hiraku/shared';
import Koa from 'koa';
import { clearSessionCookies, setSessionCookies } from './sessionCookies';

describe('session cookies', () => {
  let server: Server;
  let base: string;
  let production = false;

  beforeAll(async () => {
    const app = new Koa();
    app.use((ctx) => {
      if (ctx.path === '/set') {
        const now = Date.now();
        setSessionCookies(
          ctx,
          { accessToken: 'a.b', accessExpiresAt: new Date(now + 900_000), refreshToken: 'r', refreshExpiresAt: new Date(now + 14 * 86_400_000) },
          { production },
        );
      } else {
        clearSessionCookies(ctx, { production });
      }
      ctx.body = 'ok';
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const cookies = async (path: string) => {
    const lines = (await fetch(base + path)).headers.getSetCookie();
    return {
      access: lines.find((l) => l.startsWith(`${COOKIE_NAMES.access}=`)) ?? '',
      refresh: lines.find((l) => l.startsWith(`${COOKIE_NAMES.refresh}=`)) ?? '',
    };
  };

  it('are HttpOnly and SameSite=Lax; the refresh token only travels to /api/auth', async () => {
    production = false;
    const { access, refresh } = await cookies('/set');
    expect(access).toMatch(/^hiraku_access=a\.b; path=\/; expires=[^;]+; samesite=lax; httponly$/);
    expect(refresh).toMatch(/^hiraku_refresh=r; path=\/api\/auth; expires=[^;]+; samesite=lax; httponly$/);
  });

  it('are Secure in production, even behind a proxy that does not say it terminated TLS', async () => {
    production = true;
    const { access, refresh } = await cookies('/set');
    expect(access).toMatch(/; secure; httponly$/);
    expect(refresh).toMatch(/; secure; httponly$/);
  });

  it('are cleared with an expiry in the past, at the same paths', async () => {
    production = false;
    const { access, refresh } = await cookies('/clear');
    expect(access).toMatch(/^hiraku_access=; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(refresh).toMatch(/^hiraku_refresh=; path=\/api\/auth; expires=Thu, 01 Jan 1970 00:00:00 GMT/);
  });
});
