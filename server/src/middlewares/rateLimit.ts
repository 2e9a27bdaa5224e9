import { TEXTS, scaledRateRule, type RateRuleName } from '@hiraku/shared';
import type { Middleware } from 'koa';
import { AppError } from '../errors';
import type { AppServices } from '../services';
import { requireUser } from './authenticate';

/**
 * Counts the request against a rule of RATE_RULES (per address, or per signed-in member); over it, 429
 * with Retry-After and the rule's message. If the counter store fails the request goes through: a Redis
 * outage must not lock everyone out.
 */
export function rateLimit(services: Pick<AppServices, 'rateLimiter' | 'rateLimitFactor' | 'logger'>, name: RateRuleName): Middleware {
  const rule = scaledRateRule(name, services.rateLimitFactor);
  return async (ctx, next) => {
    const who = rule.per === 'member' ? String(requireUser(ctx).id) : ctx.ip;
    const decision = await services.rateLimiter.hit(`${rule.name}:${who}`, rule.limit, rule.windowSec).catch((error: unknown) => {
      services.logger.warn({ err: error, limit: rule.name }, 'rate limiter unavailable; request allowed');
      return null;
    });
    if (decision && !decision.allowed) {
      ctx.set('Retry-After', String(decision.retryAfterSec));
      throw new AppError(429, 'rate_limited', rule.message ?? TEXTS.common.tooManyRequests);
    }
    await next();
  };
}
