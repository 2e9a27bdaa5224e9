import { createHash } from 'node:crypto';
import { addDays, ANALYTICS_LIMITS, ANALYTICS_OTHER_PATHS, japanDay, type AnalyticsBatch, type AnalyticsDay } from '@hiraku/shared';
import { col, fn, Op, QueryTypes, type Sequelize, type WhereOptions } from 'sequelize';
import type { AnalyticsMetric, Models } from '../models';
import { writeTransaction } from '../db/transaction';
import type { AppCaches } from '../cache/appCaches';

type AnalyticsModels = Pick<Models, 'AnalyticsEvent' | 'AnalyticsDaily' | 'User' | 'Report' | 'Like' | 'Comment'>;
type Deps = { models: AnalyticsModels; sequelize: Sequelize };

const DAY_MS = 86_400_000;
/** Japan has no daylight saving time: a Japanese day is always UTC+9. */
const JST_OFFSET_MS = 9 * 3_600_000;

// Shared with the operators' screen, which picks its default range in the same Japanese days.
export { addDays, japanDay };

/** [start, end) of a Japanese day in real time. */
export function japanDayRange(day: string): [Date, Date] {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
  return [start, new Date(start.getTime() + DAY_MS)];
}

/**
 * Only the route: a query or fragment may carry a search, a token or an e-mail. Profile pages are
 * counted together, so the log never says whose profile was looked at.
 */
export function analyticsPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  const route = bare.replace(/^\/profile\/[^/]+/, '/profile/:publicId');
  return Array.from(route).slice(0, ANALYTICS_LIMITS.pathMax).join('');
}

/**
 * The stored visitor id: a hash of the browser's random key with the day, so even a key kept longer
 * than a day cannot tie one day's visits to another's, and no stored value equals anything the browser holds.
 */
function dailyVisitorId(visitorKey: string | undefined, day: string): string | null {
  return visitorKey ? createHash('sha256').update(`${day}\u0000${visitorKey}`).digest('hex').slice(0, 32) : null;
}

/** Stores a batch as sent by the browser: names, routes and the day's visitor id, nothing about the sender. */
export async function recordAnalyticsBatch(models: Pick<Models, 'AnalyticsEvent'>, batch: AnalyticsBatch, now = new Date()): Promise<number> {
  const visitorId = dailyVisitorId(batch.visitorKey, japanDay(now));
  const rows = batch.events.map((event) => ({
    name: event.name,
    path: event.path === undefined ? null : analyticsPath(event.path),
    visitorId,
    occurredAt: now,
  }));
  await models.AnalyticsEvent.bulkCreate(rows);
  return rows.length;
}

interface DailyCount {
  metric: AnalyticsMetric;
  dimension: string;
  count: number;
}

const inDay = ([start, end]: [Date, Date]) => ({ [Op.gte]: start, [Op.lt]: end });

/** Every total of one Japanese day, counted from the raw events and the community's own tables. */
export async function countDay(models: AnalyticsModels, day: string): Promise<DailyCount[]> {
  const range = japanDayRange(day);
  const events = (await models.AnalyticsEvent.findAll({
    attributes: ['name', 'path', [fn('COUNT', col('id')), 'count']],
    where: { occurredAt: inDay(range) },
    group: ['name', 'path'],
    raw: true,
  })) as unknown as Array<{ name: string; path: string | null; count: number | string }>;
  const counts: DailyCount[] = [];
  const byEvent = new Map<string, number>();
  for (const row of events) {
    if (row.name === 'page_view') counts.push({ metric: 'page_view', dimension: row.path ?? '/', count: Number(row.count) });
    else byEvent.set(row.name, (byEvent.get(row.name) ?? 0) + Number(row.count));
  }
  for (const [name, count] of byEvent) counts.push({ metric: 'event', dimension: name, count });

  const visitors = await models.AnalyticsEvent.count({ where: { occurredAt: inDay(range), visitorId: { [Op.ne]: null } }, distinct: true, col: 'visitorId' });
  const whereCreated: WhereOptions = { createdAt: inDay(range) };
  const plain: Array<[AnalyticsMetric, Promise<number>]> = [
    ['visitors', Promise.resolve(visitors)],
    ['signups', models.User.count({ where: whereCreated })],
    ['reports_published', models.Report.count({ where: { publishedAt: inDay(range), isDraft: false } })],
    ['likes', models.Like.count({ where: whereCreated })],
    ['comments', models.Comment.count({ where: whereCreated })],
  ];
  for (const [metric, count] of plain) counts.push({ metric, dimension: '', count: await count });
  return counts;
}

/** The metrics counted from raw events, which are purged after ANALYTICS_LIMITS.rawRetentionDays. */
const RAW_EVENT_METRICS: readonly AnalyticsMetric[] = ['page_view', 'event', 'visitors'];

/**
 * Whether `day`'s raw events are gone: before the window and none left. Its stored raw-event totals are
 * then the only record of that day, and recounting would replace them with an empty day.
 */
async function rawEventsPurged(models: AnalyticsModels, day: string, now: Date): Promise<boolean> {
  if (day >= addDays(japanDay(now), -ANALYTICS_LIMITS.rawRetentionDays)) return false;
  return (await models.AnalyticsEvent.count({ where: { occurredAt: inDay(japanDayRange(day)) } })) === 0;
}

/**
 * Replaces the stored totals of `day` (idempotent: several processes may roll up the same day). For a
 * day whose raw events were purged, only the totals counted from the community's own tables are
 * replaced; those counted from raw events are kept as stored.
 */
export async function rollUpDay(deps: Deps, day: string, now = new Date()): Promise<void> {
  const purged = await rawEventsPurged(deps.models, day, now);
  const counts = (await countDay(deps.models, day)).filter((count) => !purged || !RAW_EVENT_METRICS.includes(count.metric));
  await writeTransaction(deps.sequelize, async (transaction) => {
    await deps.models.AnalyticsDaily.destroy({ where: purged ? { day, metric: { [Op.notIn]: [...RAW_EVENT_METRICS] } } : { day }, transaction });
    await deps.models.AnalyticsDaily.bulkCreate(
      counts.map((count) => ({ day, ...count })),
      { transaction, updateOnDuplicate: ['count', 'updatedAt'] },
    );
  });
  // The stored days' cache of every process drops them after the commit (AnalyticsDaily's writes are an
  // `analytics` change, cache/changes.ts); a read under way meanwhile is not kept (cache/namedCache.ts).
}

/**
 * The daily job: counts yesterday and today again (late likes and deletions change them), fills in
 * any day of the raw-event window that has no totals yet (a server that was off), then deletes raw
 * events older than the window. Totals are made before their raw events go.
 */
export async function maintainAnalytics(deps: Deps, now = new Date()): Promise<{ rolledUp: string[]; pruned: number }> {
  const today = japanDay(now);
  const oldest = addDays(today, -ANALYTICS_LIMITS.rawRetentionDays);
  const stored = new Set(
    (await deps.models.AnalyticsDaily.findAll({ attributes: ['day'], where: { day: { [Op.gte]: oldest } }, group: ['day'], raw: true })).map(
      (row) => String(row.day),
    ),
  );
  const rolledUp: string[] = [];
  for (let day = oldest; day <= today; day = addDays(day, 1)) {
    if (day >= addDays(today, -1) || !stored.has(day)) {
      await rollUpDay(deps, day, now);
      rolledUp.push(day);
    }
  }
  const pruned = await deps.models.AnalyticsEvent.destroy({ where: { occurredAt: { [Op.lt]: japanDayRange(oldest)[0] } } });
  return { rolledUp, pruned };
}

type DailyDeps = { models: AnalyticsModels; sequelize: Sequelize; caches: Pick<AppCaches, 'analyticsDays'> };

/** A day's page views over every route, read as one sum when the per-route rows are not all read. */
const PAGE_VIEW_TOTAL = 'page_view_total';

/** A count as the report reads it: a stored or live one, or a day's page-view total. */
type ReadCount = { metric: AnalyticsMetric | typeof PAGE_VIEW_TOTAL; dimension: string; count: number };

/**
 * The operators' report: stored totals, except yesterday and today, which are counted live (two
 * statements for both days; with the indexes of migration 0022 each count reads that day's rows only).
 * Days after today have nothing yet and cost nothing. The stored side (storedDays) is summed in the
 * database and kept a minute in memory. Page views are named for the ANALYTICS_LIMITS.pathsInAnswer
 * routes most viewed over the range, the rest summed per day under ANALYTICS_OTHER_PATHS. A single day
 * names every route it had: that list is one day long whatever the table size, and an operator looking
 * at one day (and the end-to-end tests) may ask about any route.
 */
export async function dailyAnalytics(deps: DailyDeps, { from, to }: { from: string; to: string }, now = new Date()): Promise<AnalyticsDay[]> {
  const today = japanDay(now);
  const liveFrom = addDays(today, -1);
  const liveDays: string[] = [];
  for (let day = from > liveFrom ? from : liveFrom; day <= to && day <= today; day = addDays(day, 1)) liveDays.push(day);
  const live = await countLiveDays(deps.sequelize, liveDays);

  const pathLimit = from === to ? null : ANALYTICS_LIMITS.pathsInAnswer;
  const storedTo = to < liveFrom ? to : addDays(liveFrom, -1);
  const stored = from <= storedTo ? await storedDays(deps, from, storedTo, pathLimit) : EMPTY_STORED;
  const liveViews = new Map<string, number>();
  for (const counts of live.values()) for (const { metric, dimension, count } of counts) if (metric === 'page_view') liveViews.set(dimension, (liveViews.get(dimension) ?? 0) + count);

  // The most viewed routes over the whole range, live days included; ties by route, so the answer is stable.
  const rank = (totals: Map<string, number>) =>
    [...totals].sort(([pathA, a], [pathB, b]) => b - a || (pathA < pathB ? -1 : pathA > pathB ? 1 : 0)).slice(0, pathLimit ?? totals.size);
  const combined = (extra: ReadonlyMap<string, number>) => {
    const totals = new Map(stored.candidates);
    for (const [path, count] of extra) totals.set(path, (totals.get(path) ?? 0) + count);
    for (const [path, count] of liveViews) totals.set(path, (totals.get(path) ?? 0) + count);
    return totals;
  };
  let top = rank(combined(new Map()));
  // A route seen live but not among the stored candidates has stored views of at most `beyond` (the
  // smallest candidate's). Only if that could lift it into the top are its stored days read.
  const threshold = pathLimit !== null && top.length === pathLimit ? (top.at(-1)?.[1] ?? 0) : 0;
  const uncertain = stored.beyond > 0 ? [...liveViews].filter(([path, count]) => !stored.candidates.has(path) && count + stored.beyond >= threshold).map(([path]) => path) : [];
  const extraDays = uncertain.length ? await storedPathDays(deps.sequelize, from, storedTo, uncertain) : [];
  if (extraDays.length) {
    const extra = new Map<string, number>();
    for (const row of extraDays) extra.set(row.dimension, (extra.get(row.dimension) ?? 0) + row.count);
    top = rank(combined(extra));
  }
  const named = new Set(top.map(([path]) => path));
  const extraByDay = new Map<string, ReadCount[]>();
  for (const row of extraDays) extraByDay.set(row.day, [...(extraByDay.get(row.day) ?? []), { metric: 'page_view', dimension: row.dimension, count: row.count }]);

  const days: AnalyticsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push(presentDay(day, live.get(day) ?? [...(stored.counts.get(day) ?? []), ...(extraByDay.get(day) ?? [])], named));
  }
  return days;
}

/**
 * What countDay counts, for a few consecutive days at once in two statements (countDay sends seven per
 * day): the events grouped by day, name and route, then every plain count of every day as one row of
 * subqueries, each through its own index (migration 0022).
 */
export async function countLiveDays(sequelize: Sequelize, days: readonly string[]): Promise<Map<string, DailyCount[]>> {
  const result = new Map<string, DailyCount[]>(days.map((day) => [day, []]));
  if (days.length === 0) return result;
  const ranges = days.map((day) => japanDayRange(day));
  const replacements: Record<string, Date> = {};
  ranges.forEach(([start, end], index) => {
    replacements[`s${index}`] = start;
    replacements[`e${index}`] = end;
  });
  const bucket = `CASE ${ranges.map((_, index) => ranges.length - 1 - index).map((index) => `WHEN occurred_at >= :s${index} THEN ${index}`).join(' ')} ELSE 0 END`;
  const plain = [
    ['visitors', 'SELECT COUNT(DISTINCT visitor_id) FROM analytics_events WHERE occurred_at >= :s{i} AND occurred_at < :e{i} AND visitor_id IS NOT NULL'],
    ['signups', 'SELECT COUNT(*) FROM users WHERE created_at >= :s{i} AND created_at < :e{i}'],
    ['reports_published', 'SELECT COUNT(*) FROM reports WHERE published_at >= :s{i} AND published_at < :e{i} AND is_draft = 0'],
    ['likes', 'SELECT COUNT(*) FROM likes WHERE created_at >= :s{i} AND created_at < :e{i}'],
    ['comments', 'SELECT COUNT(*) FROM comments WHERE created_at >= :s{i} AND created_at < :e{i}'],
  ] as const;
  const [events, [counts]] = await Promise.all([
    sequelize.query<{ bucket: number | string; name: string; path: string | null; n: number | string }>(
      `SELECT ${bucket} AS bucket, name, path, COUNT(*) AS n FROM analytics_events WHERE occurred_at >= :s0 AND occurred_at < :e${ranges.length - 1} GROUP BY 1, name, path`,
      { replacements, type: QueryTypes.SELECT },
    ),
    sequelize.query<Record<string, number | string | null>>(
      `SELECT ${days.flatMap((_, index) => plain.map(([metric, sql]) => `(${sql.replaceAll('{i}', String(index))}) AS ${metric}_${index}`)).join(', ')}`,
      { replacements, type: QueryTypes.SELECT },
    ),
  ]);
  days.forEach((day, index) => {
    const list = result.get(day) ?? [];
    const byEvent = new Map<string, number>();
    for (const row of events) {
      if (Number(row.bucket) !== index) continue;
      if (row.name === 'page_view') list.push({ metric: 'page_view', dimension: row.path ?? '/', count: Number(row.n) });
      else byEvent.set(row.name, (byEvent.get(row.name) ?? 0) + Number(row.n));
    }
    for (const [name, count] of byEvent) list.push({ metric: 'event', dimension: name, count });
    for (const [metric] of plain) list.push({ metric, dimension: '', count: Number(counts?.[`${metric}_${index}`] ?? 0) });
  });
  return result;
}

export interface StoredDays {
  /** Per day: every stored count but the per-route page views, the day's page-view total, and the candidates' page views. */
  counts: Map<string, ReadCount[]>;
  /** The routes most viewed over the stored days with their views: every route, or the first STORED_CANDIDATES. */
  candidates: Map<string, number>;
  /** The views of the last candidate when there are more routes than candidates (0 when every route is one). */
  beyond: number;
}

const EMPTY_STORED: StoredDays = { counts: new Map(), candidates: new Map(), beyond: 0 };
/** Routes read per day beyond the ones named: room for live views to reorder the top. */
const STORED_CANDIDATES = ANALYTICS_LIMITS.pathsInAnswer + 50;
/**
 * Stored days change only when a roll-up writes them (an `analytics` change drops the app's named cache
 * `analyticsDays` in every process, cache/appCaches.ts); kept a minute at most otherwise. Keyed by range.
 */
async function storedDays(deps: DailyDeps, from: string, to: string, pathLimit: number | null): Promise<StoredDays> {
  const key = `${from}|${to}|${pathLimit ?? 'all'}`;
  return deps.caches.analyticsDays.get(key, () => readStoredDays(deps.sequelize, from, to, pathLimit === null ? null : STORED_CANDIDATES));
}

/**
 * The stored totals of [from, to] in four statements: every count but the per-route page views as
 * stored, page views as one total per day, the `limit` routes most viewed over the range (all when
 * null), and those routes' daily rows.
 */
async function readStoredDays(sequelize: Sequelize, from: string, to: string, limit: number | null): Promise<StoredDays> {
  const range = { from, to };
  // CAST: MariaDB's driver would hand a DATE back as a Date at midnight local time, SQLite as text.
  const [plain, pageViewTotals, pathTotals] = await Promise.all([
    sequelize.query<{ day: string; metric: AnalyticsMetric; dimension: string; count: number | string }>(
      "SELECT CAST(day AS CHAR) AS day, metric, dimension, count FROM analytics_daily WHERE day >= :from AND day <= :to AND metric <> 'page_view'",
      { replacements: range, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ day: string; n: number | string }>(
      "SELECT CAST(day AS CHAR) AS day, SUM(count) AS n FROM analytics_daily WHERE day >= :from AND day <= :to AND metric = 'page_view' GROUP BY day",
      { replacements: range, type: QueryTypes.SELECT },
    ),
    sequelize.query<{ dimension: string; n: number | string }>(
      `SELECT dimension, SUM(count) AS n FROM analytics_daily WHERE day >= :from AND day <= :to AND metric = 'page_view'
        GROUP BY dimension ORDER BY n DESC, dimension ASC${limit === null ? '' : ' LIMIT :limit'}`,
      { replacements: { ...range, limit: (limit ?? 0) + 1 }, type: QueryTypes.SELECT },
    ),
  ]);
  const counts = new Map<string, ReadCount[]>();
  const add = (day: string, count: ReadCount) => {
    const list = counts.get(day);
    if (list) list.push(count);
    else counts.set(day, [count]);
  };
  for (const row of plain) add(row.day, { metric: row.metric, dimension: row.dimension, count: Number(row.count) });
  for (const row of pageViewTotals) add(row.day, { metric: PAGE_VIEW_TOTAL, dimension: '', count: Number(row.n) });
  // One row more than the candidates was asked for: it tells whether any route lies beyond them.
  const more = limit !== null && pathTotals.length > limit;
  const kept = more ? pathTotals.slice(0, limit) : pathTotals;
  const candidates = new Map(kept.map((row) => [row.dimension, Number(row.n)]));
  for (const row of await storedPathDays(sequelize, from, to, [...candidates.keys()])) add(row.day, { metric: 'page_view', dimension: row.dimension, count: row.count });
  return { counts, candidates, beyond: more ? Number(kept.at(-1)?.n ?? 0) : 0 };
}

/** The stored daily page views of `paths` over [from, to]. */
async function storedPathDays(sequelize: Sequelize, from: string, to: string, paths: readonly string[]): Promise<Array<{ day: string; dimension: string; count: number }>> {
  if (paths.length === 0 || from > to) return [];
  const rows = await sequelize.query<{ day: string; dimension: string; count: number | string }>(
    "SELECT CAST(day AS CHAR) AS day, dimension, count FROM analytics_daily WHERE day >= :from AND day <= :to AND metric = 'page_view' AND dimension IN (:paths)",
    { replacements: { from, to, paths: [...paths] }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ day: row.day, dimension: row.dimension, count: Number(row.count) }));
}

function presentDay(date: string, counts: readonly ReadCount[], named: ReadonlySet<string>): AnalyticsDay {
  const day: AnalyticsDay = { date, pageViews: 0, pageViewsByPath: {}, visitors: 0, signUps: 0, reportsPublished: 0, likes: 0, comments: 0, events: {} };
  let total: number | null = null;
  let namedViews = 0;
  for (const { metric, dimension, count } of counts) {
    if (metric === PAGE_VIEW_TOTAL) total = count;
    else if (metric === 'page_view') {
      day.pageViews += count;
      if (named.has(dimension)) {
        day.pageViewsByPath[dimension] = count;
        namedViews += count;
      }
    } else if (metric === 'event') day.events[dimension as keyof AnalyticsDay['events']] = count;
    else if (metric === 'visitors') day.visitors = count;
    else if (metric === 'signups') day.signUps = count;
    else if (metric === 'reports_published') day.reportsPublished = count;
    else if (metric === 'likes') day.likes = count;
    else day.comments = count;
  }
  if (total !== null) day.pageViews = total;
  if (day.pageViews > namedViews) day.pageViewsByPath[ANALYTICS_OTHER_PATHS] = day.pageViews - namedViews;
  return day;
}
