import { createHash } from 'node:crypto';
import { addDays, ANALYTICS_LIMITS, japanDay, type AnalyticsBatch, type AnalyticsDay } from '@hiraku/shared';
import { col, fn, Op, type Sequelize, type WhereOptions } from 'sequelize';
import type { AnalyticsDaily, AnalyticsMetric, Models } from '../models';
import { writeTransaction } from '../db/transaction';

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

/** Replaces the stored totals of `day` (idempotent: several processes may roll up the same day). */
export async function rollUpDay(deps: Deps, day: string): Promise<void> {
  const counts = await countDay(deps.models, day);
  await writeTransaction(deps.sequelize, async (transaction) => {
    await deps.models.AnalyticsDaily.destroy({ where: { day }, transaction });
    await deps.models.AnalyticsDaily.bulkCreate(
      counts.map((count) => ({ day, ...count })),
      { transaction, updateOnDuplicate: ['count', 'updatedAt'] },
    );
  });
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
      await rollUpDay(deps, day);
      rolledUp.push(day);
    }
  }
  const pruned = await deps.models.AnalyticsEvent.destroy({ where: { occurredAt: { [Op.lt]: japanDayRange(oldest)[0] } } });
  return { rolledUp, pruned };
}

/** The operators' report: stored totals, except yesterday and today, which are counted live. */
export async function dailyAnalytics(models: AnalyticsModels, { from, to }: { from: string; to: string }, now = new Date()): Promise<AnalyticsDay[]> {
  const liveFrom = addDays(japanDay(now), -1);
  const stored = await models.AnalyticsDaily.findAll({ where: { day: { [Op.gte]: from, [Op.lte]: to, [Op.lt]: liveFrom } } });
  const byDay = new Map<string, DailyCount[]>();
  for (const row of stored) byDay.set(String(row.day), [...(byDay.get(String(row.day)) ?? []), toCount(row)]);
  const days: AnalyticsDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const counts = day >= liveFrom ? await countDay(models, day) : (byDay.get(day) ?? []);
    days.push(presentDay(day, counts));
  }
  return days;
}

const toCount = (row: AnalyticsDaily): DailyCount => ({ metric: row.metric, dimension: row.dimension, count: row.count });

function presentDay(date: string, counts: readonly DailyCount[]): AnalyticsDay {
  const day: AnalyticsDay = { date, pageViews: 0, pageViewsByPath: {}, visitors: 0, signUps: 0, reportsPublished: 0, likes: 0, comments: 0, events: {} };
  for (const { metric, dimension, count } of counts) {
    if (metric === 'page_view') {
      day.pageViews += count;
      day.pageViewsByPath[dimension] = count;
    } else if (metric === 'event') day.events[dimension as keyof AnalyticsDay['events']] = count;
    else if (metric === 'visitors') day.visitors = count;
    else if (metric === 'signups') day.signUps = count;
    else if (metric === 'reports_published') day.reportsPublished = count;
    else if (metric === 'likes') day.likes = count;
    else day.comments = count;
  }
  return day;
}
