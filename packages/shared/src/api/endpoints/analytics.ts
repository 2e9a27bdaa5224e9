import { analyticsBeaconSchema, analyticsDailyQuerySchema } from '../../schemas/analytics';
import { analyticsDailyResponseSchema, analyticsRecordResponseSchema } from '../analytics';
import { endpoint } from './define';

export const ANALYTICS_ENDPOINTS = {
  /**
   * Batches from navigator.sendBeacon (a text/plain JSON body). Public, and exempt from the anti-forgery
   * header a beacon cannot send (server/src/middlewares/csrf.ts): it reads no session and stores nothing
   * tied to anyone.
   */
  'analytics.record': endpoint('analytics.record', {
    access: 'public',
    body: analyticsBeaconSchema,
    response: analyticsRecordResponseSchema,
    rateLimit: 'analytics',
    cache: 'none',
    errors: [],
  }),
  'analytics.daily': endpoint('analytics.daily', {
    access: 'operator',
    query: analyticsDailyQuerySchema,
    response: analyticsDailyResponseSchema,
    cache: 'no-store',
    errors: [],
  }),
};
