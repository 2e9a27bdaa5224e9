import { COOKIE_NAMES, ENDPOINT_KEYS, ENDPOINTS, routeOf, XSRF_HEADER, type EndpointDefinition } from '@hiraku/shared';
import type { Middleware } from 'koa';
import { generateSecretToken, safeEqual } from '../auth/secretTokens';
import { csrfError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Calls a browser makes with navigator.sendBeacon, which cannot set the header. Only calls that act for
 * no one may be listed: the analytics beacon reads no session and stores nothing tied to anyone
 * (routes/analytics).
 */
const BEACON_PATHS = new Set<string>([routeOf('analytics.record').path]);
/**
 * Writes whose proof is a secret token in the URL (the endpoint map's `forgeryProof`): the digest's
 * one-click unsubscribe, which mail clients post without our header. Another site cannot know the token.
 */
const TOKEN_PATHS = new Set<string>(
  ENDPOINT_KEYS.map((key): EndpointDefinition => ENDPOINTS[key]).filter((definition) => definition.forgeryProof === 'tokenInUrl').map((definition) => definition.path),
);

/**
 * Double-submit anti-forgery: every response gives a browser without one a random XSRF-TOKEN cookie that
 * scripts of our own origin can read; every state-changing API call must echo it in X-XSRF-TOKEN.
 * Another site can make the browser send the cookie but cannot read it to copy it into the header.
 */
export function csrfProtection({ production }: { production: boolean }): Middleware {
  return async (ctx, next) => {
    const cookie = ctx.cookies.get(COOKIE_NAMES.xsrf);
    if (!cookie) {
      if (production) ctx.cookies.secure = true;
      ctx.cookies.set(COOKIE_NAMES.xsrf, generateSecretToken(), { httpOnly: false, sameSite: 'lax', path: '/', secure: production, overwrite: true });
    }
    if (STATE_CHANGING.has(ctx.method) && (ctx.path === '/api' || ctx.path.startsWith('/api/')) && !BEACON_PATHS.has(ctx.path) && !TOKEN_PATHS.has(ctx.path)) {
      const header = ctx.get(XSRF_HEADER);
      if (!cookie || !header || !safeEqual(header, cookie)) throw csrfError();
    }
    await next();
  };
}
