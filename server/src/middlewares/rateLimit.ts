import type { Middleware } from 'koa';
import { rateLimitRule, type RateLimitName } from '../auth/rateLimitRules';
import { rateLimited } from '../errors';
import type { AppServices } from '../services';

/**
 * Counts the request against the named per-IP limit before anything else runs; over it, 429 with
 * Retry-After. If the counter store fails the request goes through: a Redis outage must not lock
 * everyone out.
 */
export function rateLimit(services: Pick<AppServices, 'rateLimiter' | 'rateLimitFactor' | 'logger'>, name: RateLimitName): Middleware {
  const rule = rateLimitRule(name, services.rateLimitFactor);
  return async (ctx, next) => {
    const decision = await services.rateLimiter.hit(`${rule.name}:${ctx.ip}`, rule.limit, rule.windowSec).catch((error: unknown) => {
      services.logger.warn({ err: error, limit: rule.name }, 'rate limiter unavailable; request allowed');
      return null;
    });
    if (decision && !decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSec));
      throw rateLimited();
    }
    await next();
  };
}
