import type { AnalyticsEventName } from '../analytics';

/** One day (Japan time) of GET /api/moderation/analytics/daily. */
export interface AnalyticsDay {
  /** YYYY-MM-DD */
  date: string;
  pageViews: number;
  /** Page views per route; profile pages are counted together under /profile/:publicId. */
  pageViewsByPath: Record<string, number>;
  /** Distinct browsers that day (their daily random key). */
  visitors: number;
  signUps: number;
  reportsPublished: number;
  likes: number;
  comments: number;
  /** The report events of docs/product.md §7, by name. */
  events: Partial<Record<Exclude<AnalyticsEventName, 'page_view'>, number>>;
}

export interface AnalyticsDailyResponse {
  days: AnalyticsDay[];
}

/** POST /api/analytics/events: how many events were stored (a beacon never reads it). */
export interface AnalyticsRecordResponse {
  accepted: number;
}
