import { Op, type WhereOptions } from 'sequelize';
import type { Models, SearchOutboxEntry } from '../models';

type OutboxModels = Pick<Models, 'SearchOutboxEntry'>;

export interface BackoffPolicy {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { minMs: 1_000, maxMs: 60_000 };
const LAST_ERROR_MAX = 2_000;

/** minMs after the first failure, doubling with each further one, never more than maxMs. */
export function backoffDelayMs(attempts: number, { minMs, maxMs }: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(maxMs, minMs * 2 ** exponent);
}

/** Free to claim: due, and either never locked or its lease has run out (its worker died or hung). */
function claimable(now: Date): WhereOptions<SearchOutboxEntry> {
  return { availableAt: { [Op.lte]: now }, [Op.or]: [{ lockedUntil: null }, { lockedUntil: { [Op.lt]: now } }] };
}

const aggregateKey = (entry: Pick<SearchOutboxEntry, 'aggregateType' | 'aggregateId'>) => `${entry.aggregateType}\u0000${entry.aggregateId}`;

/** Aggregates of `entries` on which another worker holds a live lease. */
async function aggregatesLockedByOthers(models: OutboxModels, workerId: string, entries: readonly SearchOutboxEntry[], now: Date): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const locked = await models.SearchOutboxEntry.findAll({
    attributes: ['aggregateType', 'aggregateId'],
    where: {
      aggregateId: { [Op.in]: [...new Set(entries.map((entry) => entry.aggregateId))] },
      lockedBy: { [Op.ne]: workerId },
      lockedUntil: { [Op.gte]: now },
    },
  });
  return new Set(locked.map(aggregateKey));
}

export interface Claim {
  /** The rows this worker now owns, in id order. */
  entries: SearchOutboxEntry[];
  /** Rows claimed and let go again because another worker was busy with the same aggregate. */
  released: number;
  /** The batch was full: more rows are probably due. */
  more: boolean;
}

/**
 * Takes a lease on up to `batchSize` due rows, oldest first, in plain UPDATE and SELECT statements that
 * MySQL, MariaDB and SQLite all run the same way (no SKIP LOCKED). The UPDATE only takes rows that are
 * still free, so two workers racing for a row cannot both get it; each then reads back what it owns.
 *
 * Two workers must not work on one report at the same time either: the slower could write an older
 * state of the report to the index after the faster wrote the newer one. Rows of aggregates another
 * worker holds are skipped, and after claiming, a worker lets go of every aggregate that someone else
 * also holds. Of two workers that claimed rows of one report at the same moment, the one that checks
 * last sees the other's lease, so at most one goes on (both may let go; the rows wait for the next round).
 */
export async function claimOutboxBatch(
  models: OutboxModels,
  { workerId, batchSize, leaseMs, now = new Date() }: { workerId: string; batchSize: number; leaseMs: number; now?: Date },
): Promise<Claim> {
  const due = await models.SearchOutboxEntry.findAll({
    attributes: ['id', 'aggregateType', 'aggregateId'],
    where: claimable(now),
    order: [['id', 'ASC']],
    limit: batchSize,
  });
  const more = due.length === batchSize;
  const busy = await aggregatesLockedByOthers(models, workerId, due, now);
  const wanted = due.filter((entry) => !busy.has(aggregateKey(entry))).map((entry) => entry.id);
  if (wanted.length === 0) return { entries: [], released: 0, more };

  await models.SearchOutboxEntry.update(
    { lockedBy: workerId, lockedUntil: new Date(now.getTime() + leaseMs) },
    { where: { id: { [Op.in]: wanted }, ...claimable(now) } },
  );
  const owned = await models.SearchOutboxEntry.findAll({ where: { id: { [Op.in]: wanted }, lockedBy: workerId }, order: [['id', 'ASC']] });

  const contested = await aggregatesLockedByOthers(models, workerId, owned, new Date());
  const kept = owned.filter((entry) => !contested.has(aggregateKey(entry)));
  const letGo = owned.filter((entry) => contested.has(aggregateKey(entry))).map((entry) => entry.id);
  if (letGo.length > 0) await releaseEntries(models, workerId, letGo);
  return { entries: kept, released: letGo.length, more };
}

/** Gives rows back untouched (no attempt counted). */
export async function releaseEntries(models: OutboxModels, workerId: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await models.SearchOutboxEntry.update({ lockedBy: null, lockedUntil: null }, { where: { id: { [Op.in]: [...ids] }, lockedBy: workerId } });
}

/** Pushes the lease of rows still held further out, while slow work on them goes on. */
export async function extendLease(models: OutboxModels, workerId: string, ids: readonly number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await models.SearchOutboxEntry.update(
    { lockedUntil: new Date(Date.now() + leaseMs) },
    { where: { id: { [Op.in]: [...ids] }, lockedBy: workerId } },
  );
}

/** Removes applied rows; a row whose lease another worker took over meanwhile is left to that worker. */
export async function completeEntries(models: OutboxModels, workerId: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return models.SearchOutboxEntry.destroy({ where: { id: { [Op.in]: [...ids] }, lockedBy: workerId } });
}

/** Counts a failed attempt, keeps the reason, and makes the rows due again after a growing pause. */
export async function failEntries(
  models: OutboxModels,
  workerId: string,
  entries: readonly SearchOutboxEntry[],
  error: unknown,
  { backoff = DEFAULT_BACKOFF, now = new Date() }: { backoff?: BackoffPolicy; now?: Date } = {},
): Promise<void> {
  const lastError = describeError(error);
  const byAttempts = new Map<number, number[]>();
  for (const entry of entries) {
    const attempts = entry.attempts + 1;
    byAttempts.set(attempts, [...(byAttempts.get(attempts) ?? []), entry.id]);
  }
  for (const [attempts, ids] of byAttempts) {
    await models.SearchOutboxEntry.update(
      { attempts, lastError, availableAt: new Date(now.getTime() + backoffDelayMs(attempts, backoff)), lockedBy: null, lockedUntil: null },
      { where: { id: { [Op.in]: ids }, lockedBy: workerId } },
    );
  }
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return Array.from(text).slice(0, LAST_ERROR_MAX).join('');
}
