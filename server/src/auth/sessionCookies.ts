import { COOKIE_NAMES } from '@hiraku/shared';
import type { Context } from 'koa';

/** The refresh token travels only to the endpoints that rotate or end it. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface IssuedSession {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
}

interface CookieOptions {
  production: boolean;
}

function base(ctx: Context, { production }: CookieOptions) {
  // Secure cookies in production even when TLS ends at a proxy that does not say so: the browser decides.
  if (production) ctx.cookies.secure = true;
  return { httpOnly: true, sameSite: 'lax' as const, secure: production, overwrite: true };
}

export function setSessionCookies(ctx: Context, session: IssuedSession, options: CookieOptions): void {
  const common = base(ctx, options);
  ctx.cookies.set(COOKIE_NAMES.access, session.accessToken, { ...common, path: '/', expires: session.accessExpiresAt });
  ctx.cookies.set(COOKIE_NAMES.refresh, session.refreshToken, { ...common, path: REFRESH_COOKIE_PATH, expires: session.refreshExpiresAt });
}

export function clearSessionCookies(ctx: Context, options: CookieOptions): void {
  const common = base(ctx, options);
  // An empty value makes the cookies library send an expiry in 1970, which deletes the cookie.
  ctx.cookies.set(COOKIE_NAMES.access, '', { ...common, path: '/' });
  ctx.cookies.set(COOKIE_NAMES.refresh, '', { ...common, path: REFRESH_COOKIE_PATH });
}

export const readAccessCookie = (ctx: Context): string | undefined => ctx.cookies.get(COOKIE_NAMES.access) || undefined;
export const readRefreshCookie = (ctx: Context): string | undefined => ctx.cookies.get(COOKIE_NAMES.refresh) || undefined;
