import { FLAG_CATEGORIES, japanDay, type FlagCategory, type TransparencyMonth, type TransparencyReport } from '@hiraku/shared';
import { Op } from 'sequelize';
import type { Models } from '../models';

/** How many months the report covers, the current one included. */
export const TRANSPARENCY_MONTHS = 12;
const JST_OFFSET_MS = 9 * 3_600_000;
const HOUR_MS = 3_600_000;

const monthOf = (at: Date): string => japanDay(at).slice(0, 7);

/** The first instant (UTC) of the Japan month `months` before the one `now` falls in. */
function startOfJapanMonth(now: Date, monthsBack: number): Date {
  const [year, month] = monthOf(now).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - monthsBack, 1) - JST_OFFSET_MS);
}

const zeroCounts = (): Record<FlagCategory, number> => Object.fromEntries(FLAG_CATEGORIES.map((category) => [category, 0])) as Record<FlagCategory, number>;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The transparency report (透明性レポート, issue 21), per Japan month: cases opened and decided by category,
 * the median time from opening to decision, takedown requests received (confirmed) and how many of them
 * were decided within their clock, and suspensions. Counts only: no row leaves here, only numbers.
 * Read with a few narrow queries (dates and a category), bucketed here, so it reads the same on MariaDB
 * and SQLite; it runs once a day (routes/trust caches it per Japan day).
 */
export async function computeTransparencyReport(models: Models, now = new Date()): Promise<TransparencyReport> {
  const since = startOfJapanMonth(now, TRANSPARENCY_MONTHS - 1);
  const months = new Map<string, TransparencyMonth & { hours: number[] }>();
  for (let back = TRANSPARENCY_MONTHS - 1; back >= 0; back -= 1) {
    const month = monthOf(startOfJapanMonth(now, back));
    months.set(month, {
      month,
      casesOpened: zeroCounts(),
      casesDecided: zeroCounts(),
      medianHoursToDecision: null,
      takedownRequestsReceived: 0,
      takedownRequestsActedOnInTime: 0,
      suspensions: 0,
      hours: [],
    });
  }
  const bucket = (at: Date | null) => (at && at >= since && at <= now ? months.get(monthOf(at)) : undefined);

  const [opened, decided, requests, suspensions] = await Promise.all([
    models.ModerationCase.findAll({ attributes: ['category', 'openedAt'], where: { openedAt: { [Op.gte]: since } }, raw: true }),
    models.ModerationCase.findAll({
      attributes: ['category', 'openedAt', 'closedAt'],
      where: { closedAt: { [Op.gte]: since }, decision: { [Op.ne]: null } },
      raw: true,
    }),
    models.TakedownRequest.findAll({ attributes: ['confirmedAt', 'dueAt', 'decidedAt'], where: { confirmedAt: { [Op.gte]: since } }, raw: true }),
    models.AuditLog.findAll({ attributes: ['createdAt'], where: { action: 'user.suspend', createdAt: { [Op.gte]: since } }, raw: true }),
  ]);
  const known = (category: string): category is FlagCategory => (FLAG_CATEGORIES as readonly string[]).includes(category);
  for (const row of opened) {
    const entry = bucket(new Date(row.openedAt));
    if (entry && known(row.category)) entry.casesOpened[row.category] += 1;
  }
  for (const row of decided) {
    const closedAt = row.closedAt ? new Date(row.closedAt) : null;
    const entry = bucket(closedAt);
    if (!entry || !closedAt) continue;
    if (known(row.category)) entry.casesDecided[row.category] += 1;
    entry.hours.push((closedAt.getTime() - new Date(row.openedAt).getTime()) / HOUR_MS);
  }
  for (const row of requests) {
    const entry = bucket(row.confirmedAt ? new Date(row.confirmedAt) : null);
    if (!entry) continue;
    entry.takedownRequestsReceived += 1;
    if (row.decidedAt && row.dueAt && new Date(row.decidedAt) <= new Date(row.dueAt)) entry.takedownRequestsActedOnInTime += 1;
  }
  for (const row of suspensions) {
    const entry = bucket(new Date(row.createdAt));
    if (entry) entry.suspensions += 1;
  }
  return {
    generatedAt: now.toISOString(),
    months: [...months.values()].map(({ hours, ...month }) => {
      const middle = median(hours);
      return { ...month, medianHoursToDecision: middle === null ? null : Math.round(middle * 10) / 10 };
    }),
  };
}
