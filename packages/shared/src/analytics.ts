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
} as const;

/** The browser's random key, renewed each day (localStorage), so visits can be told apart within a day only. */
export const ANALYTICS_VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
