import Router from '@koa/router';
import { ANALYTICS_PATH, analyticsBatchSchema, analyticsDailyQuerySchema, MESSAGES, type AnalyticsDailyResponse } from '@hiraku/shared';
import { dailyAnalytics, recordAnalyticsBatch } from '../../commands/analytics';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';
import { operatorOnly } from '../../middlewares/authenticate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { AppServices } from '../../services';

/**
 * First-party analytics. The browser posts batches with navigator.sendBeacon, which sends a text/plain
 * body and cannot add the anti-forgery header, so this one call is exempt from it (middlewares/csrf.ts):
 * it reads no cookie and no member, stores nothing tied to anyone, and a forged beacon could only add
 * anonymous counts that anyone can add without a browser anyway. A per-IP limit and the batch size
 * bound that. The operators' daily report is operators only.
 */
export function analyticsRoutes(services: AppServices): Router {
  const router = new Router();

  router.post(ANALYTICS_PATH.replace(/^\/api/, ''), rateLimit(services, 'analytics'), async (ctx) => {
    const batch = parseInput(analyticsBatchSchema, parseBeaconBody(ctx.request.body));
    await recordAnalyticsBatch(services.models, batch);
    ctx.status = 204;
  });

  router.get('/moderation/analytics/daily', operatorOnly, async (ctx) => {
    const range = parseInput(analyticsDailyQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { days: await dailyAnalytics(services.models, range) } satisfies AnalyticsDailyResponse;
  });

  return router;
}

/** A beacon's JSON arrives as text (text/plain); a fetch may send it as application/json. */
function parseBeaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw validationError(MESSAGES.analytics.badBatch);
  }
}
