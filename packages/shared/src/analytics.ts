/**
 * First-party analytics (docs/decisions.md): page views and the report events of docs/product.md §7, sent by
 * the browser in batches and stored by our own server with no e-mail, IP address or member id.
 */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'report_create_submit',
  'report_create_success',
  'report_create_failure',
  'report_edit_submit',
  'report_edit_success',
  'report_edit_failure',
  'report_delete_attempt',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const ANALYTICS_LIMITS = {
  /** Events in one batch; the browser sends more as further batches. */
  batchMax: 50,
  pathMax: 255,
  /** Raw events are deleted after this many days; the daily totals stay. */
  rawRetentionDays: 90,
  /** Longest range one daily report may cover. */
  dailyRangeMaxDays: 366,
  /** The range the operators' screen opens with: the last this many Japanese days, today included. */
  defaultRangeDays: 30,
  /** Pages listed under "most viewed" on the operators' screen. */
  topPathsShown: 10,
  /**
   * Routes the daily report names, the most viewed over the asked range (as many as the screen lists);
   * the views of every other route are summed per day under ANALYTICS_OTHER_PATHS (a year listed every
   * route of every day: 244 KB).
   */
  pathsInAnswer: 10,
} as const;

/**
 * The key of pageViewsByPath that sums the routes beyond the top ones: a Japanese label, never a route
 * (routes start with "/"), so it cannot be mistaken for one.
 */
export const ANALYTICS_OTHER_PATHS = 'その他';

/** The browser's random key, renewed each day (localStorage), so visits can be told apart within a day only. */
export const ANALYTICS_VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
