import { z } from 'zod';
import { analyticsBeaconSchema, analyticsDailyQuerySchema } from '../../schemas/analytics';
import type { AnalyticsDailyResponse, AnalyticsRecordResponse } from '../analytics';
import { endpoint } from './define';

const count = z.number().int().nonnegative();

const analyticsDailySchema: z.ZodType<AnalyticsDailyResponse> = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      pageViews: count,
      pageViewsByPath: z.record(z.string(), count),
      visitors: count,
      signUps: count,
      reportsPublished: count,
      likes: count,
      comments: count,
      events: z.record(z.string(), count),
    }),
  ),
});

export const ANALYTICS_ENDPOINTS = {
  /**
   * Batches from navigator.sendBeacon (a text/plain JSON body). Public, and exempt from the anti-forgery
   * header a beacon cannot send (server/src/middlewares/csrf.ts): it reads no session and stores nothing
   * tied to anyone.
   */
  'analytics.record': endpoint('analytics.record', {
    access: 'public',
    body: analyticsBeaconSchema,
    response: z.object({ accepted: count }) satisfies z.ZodType<AnalyticsRecordResponse>,
    rateLimit: 'analytics',
    cache: 'none',
    errors: [],
  }),
  'analytics.daily': endpoint('analytics.daily', {
    access: 'operator',
    query: analyticsDailyQuerySchema,
    response: analyticsDailySchema,
    cache: 'no-store',
    errors: [],
  }),
};
