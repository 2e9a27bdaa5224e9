import type { Middleware } from 'koa';
import { robotsTxt } from '@hiraku/shared';

const BODY = robotsTxt();

/** A real /robots.txt rather than the web app's HTML, which the fallback would send. */
export function robotsTxtRoute(): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/robots.txt' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = BODY;
  };
}
