import { MESSAGES } from '@hiraku/shared';
import type { Middleware } from 'koa';
import { AppError } from '../../errors';
import { requireUser } from '../../middlewares/authenticate';
import type { AppServices } from '../../services';

/** Enough for a member tapping quickly on several reports; a script hammering the button is slowed. */
export const LIKE_TOGGLES_PER_WINDOW = 20;
export const LIKE_WINDOW_SEC = 10;

/**
 * Per-member limit on like toggles, answering MESSAGES.like.tooFast (the text SPEC.md shows when a
 * toggle fails). If the counter store is down the toggle goes through.
 */
export function likeRateLimit(services: Pick<AppServices, 'rateLimiter' | 'rateLimitFactor' | 'logger'>): Middleware {
  const limit = Math.max(1, Math.floor(LIKE_TOGGLES_PER_WINDOW * services.rateLimitFactor));
  return async (ctx, next) => {
    const user = requireUser(ctx);
    const decision = await services.rateLimiter.hit(`likeToggle:${user.id}`, limit, LIKE_WINDOW_SEC).catch((error: unknown) => {
      services.logger.warn({ err: error }, 'rate limiter unavailable; like toggle allowed');
      return null;
    });
    if (decision && !decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSec));
      throw new AppError(429, 'rate_limited', MESSAGES.like.tooFast);
    }
    await next();
  };
}
