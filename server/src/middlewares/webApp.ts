import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

/**
 * Serves the built single-page app: hashed assets are cached for a year, every other GET outside
 * /api gets index.html so client-side routes survive a reload.
 */
export function webApp(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      return next();
    }
    if (ctx.path.startsWith('/assets/')) {
      const served = await send(ctx, ctx.path, { root: distDir, immutable: true, maxage: 365 * 24 * 3600 * 1000 }).catch(() => null);
      if (!served) ctx.status = 404;
      return;
    }
    if (path.extname(ctx.path) && ctx.path !== '/index.html') {
      const served = await send(ctx, ctx.path, { root: distDir, maxage: 3600 * 1000 }).catch(() => null);
      if (served) return;
    }
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Web アプリがビルドされていません。`npm run build` を実行してください。';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };
}
