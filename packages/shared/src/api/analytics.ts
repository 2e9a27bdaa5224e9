import { z } from 'zod';

const count = z.number().int().nonnegative();

/** One day (Japan time) of GET /api/moderation/analytics/daily. */
export const analyticsDaySchema = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  pageViews: count,
  /**
   * Page views per route; profile pages are counted together under /profile/:publicId. Only the
   * ANALYTICS_LIMITS.pathsInAnswer routes most viewed over the asked range are named; the rest of the
   * day's views are under ANALYTICS_OTHER_PATHS. A one-day range names every route of that day.
   */
  pageViewsByPath: z.record(z.string(), count),
  /** Distinct browsers that day (their daily random key). */
  visitors: count,
  signUps: count,
  reportsPublished: count,
  likes: count,
  comments: count,
  /** The report events of docs/product.md §7, by name (AnalyticsEventName other than page_view). */
  events: z.record(z.string(), count),
});
export type AnalyticsDay = z.output<typeof analyticsDaySchema>;

export const analyticsDailyResponseSchema = z.object({ days: z.array(analyticsDaySchema) });
export type AnalyticsDailyResponse = z.output<typeof analyticsDailyResponseSchema>;

/** POST /api/analytics/events: how many events were stored (a beacon never reads it). */
export const analyticsRecordResponseSchema = z.object({ accepted: count });
export type AnalyticsRecordResponse = z.output<typeof analyticsRecordResponseSchema>;
