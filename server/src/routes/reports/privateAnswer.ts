import type { Middleware } from 'koa';

/** Answers that depend on who asks (drafts, likes, abilities) must never be kept by a shared cache. */
export const privateAnswer: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'private, no-store');
  await next();
};
