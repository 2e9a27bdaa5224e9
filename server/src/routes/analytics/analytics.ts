import { dailyAnalytics, recordAnalyticsBatch } from '../../commands/analytics';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/**
 * First-party analytics. The browser posts batches with navigator.sendBeacon, which sends a text/plain
 * body and cannot add the anti-forgery header, so this one call is exempt from it (middlewares/csrf.ts):
 * it reads no cookie and no member, stores nothing tied to anyone, and a forged beacon could only add
 * anonymous counts that anyone can add without a browser anyway. A per-IP limit and the batch size
 * bound that. The operators' daily report is operators only.
 */
export function analyticsHandlers(services: AppServices): EndpointHandlers<KeysOf<'analytics'>> {
  return {
    'analytics.record': async ({ body }) => ({ accepted: await recordAnalyticsBatch(services.models, body) }),
    'analytics.daily': async ({ query }) => ({ days: await dailyAnalytics(services, query) }),
  };
}
