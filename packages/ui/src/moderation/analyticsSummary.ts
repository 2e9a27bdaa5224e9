import { ANALYTICS_LIMITS, ANALYTICS_OTHER_PATHS, addDays, japanDay, type AnalyticsDay } from '@hiraku/shared';


export interface DayRange {
  from: string;
  to: string;
}

export function defaultRange(now: Date = new Date()): DayRange {
  const to = japanDay(now);
  return { from: addDays(to, -(ANALYTICS_LIMITS.defaultRangeDays - 1)), to };
}

/** The counts the screen charts and tabulates per day, in the order of its columns. */
export const DAY_METRICS = ['pageViews', 'visitors', 'signUps', 'reportsPublished', 'likes', 'comments'] as const;
export type DayMetric = (typeof DAY_METRICS)[number];

export function totals(days: readonly AnalyticsDay[]): Record<DayMetric, number> {
  const sum = Object.fromEntries(DAY_METRICS.map((metric) => [metric, 0])) as Record<DayMetric, number>;
  for (const day of days) for (const metric of DAY_METRICS) sum[metric] += day[metric];
  return sum;
}

export interface PathViews {
  path: string;
  views: number;
}

/**
 * The most viewed routes over the whole range, most first (ties by path, so the order is stable). The
 * server's sum of the routes it does not name (ANALYTICS_OTHER_PATHS) is not a route: otherViews() has it.
 */
export function topPaths(days: readonly AnalyticsDay[], limit: number): PathViews[] {
  const byPath = new Map<string, number>();
  for (const day of days) {
    for (const [path, views] of Object.entries(day.pageViewsByPath)) if (path !== ANALYTICS_OTHER_PATHS) byPath.set(path, (byPath.get(path) ?? 0) + views);
  }
  return [...byPath]
    .map(([path, views]) => ({ path, views }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path))
    .slice(0, limit);
}

/** The range's page views on every route not in `shown`: the table's last row, その他. */
export function otherViews(days: readonly AnalyticsDay[], shown: readonly PathViews[]): number {
  const all = days.reduce((sum, day) => sum + day.pageViews, 0);
  return Math.max(0, all - shown.reduce((sum, entry) => sum + entry.views, 0));
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** '2025-05-14' -> '5/14' for the charts' axis. */
export function shortDayLabel(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}/${Number(date)}`;
}

/** '2025-05-14' -> '2025年5月14日（水）' for the table and the screen's headings. */
export function longDayLabel(day: string): string {
  const [year, month, date] = day.split('-');
  const weekday = WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '';
  return `${year}年${Number(month)}月${Number(date)}日（${weekday}）`;
}
