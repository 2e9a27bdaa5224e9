import { Op, QueryTypes, type Model, type ModelStatic, type Sequelize, type WhereOptions } from 'sequelize';
import { affectedRows } from '../db/affectedRows';
import { isMysql, sqlDateTime } from '../db/connection';
import type { Models, SearchOutboxEntry } from '../models';

/** The columns every outbox table (search_outbox, mail_outbox) has for leasing its rows to workers. */
export interface LeasedRow {
  id: number;
  attempts: number;
  availableAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
}

type LeaseChange = Partial<Pick<LeasedRow, 'attempts' | 'availableAt' | 'lockedBy' | 'lockedUntil' | 'lastError'>>;

/** Which of the rows named a lease write may change: those still free to claim at a time, or those a worker holds. */
export type LeaseGuard = { claimableAt: Date } | { lockedBy: string };

/** What the lease functions need of an outbox model (see outboxTable). */
export interface OutboxTable<Row extends LeasedRow> {
  /** A plain read (it locks nothing). */
  findAll(options: { attributes?: string[]; where: WhereOptions; order?: Array<[string, 'ASC' | 'DESC']>; limit?: number }): Promise<Row[]>;
  /** Sets `values` on those of the rows `ids` that `guard` admits; answers how many changed. */
  updateRows(ids: readonly number[], values: LeaseChange, guard: LeaseGuard): Promise<number>;
  /** Removes those of the rows `ids` that `guard` admits; answers how many went. */
  deleteRows(ids: readonly number[], guard: LeaseGuard): Promise<number>;
}

const LEASE_COLUMNS: { [K in keyof LeaseChange]-?: string } = {
  attempts: 'attempts',
  availableAt: 'available_at',
  lockedBy: 'locked_by',
  lockedUntil: 'locked_until',
  lastError: 'last_error',
};

/**
 * Any outbox model (its lease columns: models/outboxLeaseColumns.ts) as the lease functions see it.
 *
 * Its writes find their rows by primary key alone, and say so to MySQL (FORCE INDEX). An outbox is a
 * queue, near empty most of the time, and its statistics then make a full scan (a DELETE) or a range of
 * the (available_at, id) index (the claim) look cheapest: under REPEATABLE READ both lock every row they
 * pass, the newest rows and the gap after them included, so a worker's autocommit statement waited for
 * each write transaction that had queued a row and not yet committed, and each such transaction's
 * insert waited for the worker (bench/RESULTS.md, Notifications: 25-30 ms a statement under a stream
 * of comments). By key, each statement locks the rows it names and nothing else.
 */
export function outboxTable<Row extends Model & LeasedRow>(model: ModelStatic<Row>): OutboxTable<Row> {
  const { sequelize } = model;
  if (!sequelize) throw new Error('the outbox model is not initialised');
  const table = sequelize.getQueryInterface().quoteIdentifier(model.getTableName().toString());
  const byKey = isMysql(sequelize) ? ' FORCE INDEX (PRIMARY)' : '';
  const rowsChanged = async (sql: string, replacements: unknown[]) => affectedRows(await sequelize.query(sql, { replacements, type: QueryTypes.UPDATE }));
  return {
    findAll: (options) => model.findAll(options),
    updateRows(ids, values, guard) {
      const set = Object.entries(values).filter(([, value]) => value !== undefined) as Array<[keyof LeaseChange, LeaseChange[keyof LeaseChange]]>;
      const guarded = guardSql(sequelize, guard, '');
      return rowsChanged(`UPDATE ${table}${byKey} SET ${set.map(([key]) => `${LEASE_COLUMNS[key]} = ?`).join(', ')} WHERE id IN (?) AND ${guarded.sql}`, [
        ...set.map(([, value]) => (value instanceof Date ? sqlDateTime(sequelize, value) : value)),
        [...ids],
        ...guarded.replacements,
      ]);
    },
    deleteRows(ids, guard) {
      // MySQL takes an index hint on the multi-table form of DELETE only.
      const from = byKey ? `o FROM ${table} AS o${byKey}` : `FROM ${table}`;
      const guarded = guardSql(sequelize, guard, byKey ? 'o.' : '');
      return rowsChanged(`DELETE ${from} WHERE ${byKey ? 'o.' : ''}id IN (?) AND ${guarded.sql}`, [[...ids], ...guarded.replacements]);
    },
  };
}

/** Free to claim: due, and either never locked or its lease has run out (its worker died or hung). */
function claimable(now: Date): WhereOptions {
  return { availableAt: { [Op.lte]: now }, [Op.or]: [{ lockedUntil: null }, { lockedUntil: { [Op.lt]: now } }] };
}

/** A write's guard as SQL (`claimableAt`: the rule of claimable() above). */
function guardSql(sequelize: Sequelize, guard: LeaseGuard, alias: string): { sql: string; replacements: unknown[] } {
  if ('lockedBy' in guard) return { sql: `${alias}locked_by = ?`, replacements: [guard.lockedBy] };
  const at = sqlDateTime(sequelize, guard.claimableAt);
  return { sql: `${alias}available_at <= ? AND (${alias}locked_until IS NULL OR ${alias}locked_until < ?)`, replacements: [at, at] };
}

type SearchOutboxModels = Pick<Models, 'SearchOutboxEntry'>;

export function searchOutboxTable({ SearchOutboxEntry: model }: SearchOutboxModels): OutboxTable<SearchOutboxEntry> {
  return outboxTable(model);
}

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

/**
 * Rows that must not be worked on by two workers at once (the rows of one report in the search outbox):
 * `keyOf` names the group of a row, `lockedByOthers` lists the groups among `rows` that another
 * worker holds a live lease on.
 */
export interface Exclusivity<Row> {
  keyOf(row: Row): string;
  lockedByOthers(workerId: string, rows: readonly Row[], now: Date): Promise<Set<string>>;
}

const aggregateKey = (entry: Pick<SearchOutboxEntry, 'aggregateType' | 'aggregateId'>) => `${entry.aggregateType}\u0000${entry.aggregateId}`;

/** One report at a time: see claimOutboxBatch. */
export function reportExclusivity(models: SearchOutboxModels): Exclusivity<SearchOutboxEntry> {
  return {
    keyOf: aggregateKey,
    async lockedByOthers(workerId, entries, now) {
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
    },
  };
}

export interface Claim<Row = SearchOutboxEntry> {
  /** The rows this worker now owns, in id order. */
  entries: Row[];
  /** Rows claimed and let go again because another worker was busy with the same aggregate. */
  released: number;
  /** The batch was full: more rows are probably due. */
  more: boolean;
}

export interface ClaimOptions {
  workerId: string;
  batchSize: number;
  leaseMs: number;
  now?: Date;
}

/**
 * Takes a lease on up to `batchSize` due rows, oldest first, in plain UPDATE and SELECT statements that
 * MySQL, MariaDB and SQLite all run the same way (no SKIP LOCKED). The UPDATE only takes rows that are
 * still free, so two workers racing for a row cannot both get it; each then reads back what it owns.
 * With `exclusive`, rows of groups another worker holds are skipped, and after claiming a worker lets
 * go of every group someone else also holds.
 */
export async function claimLeasedRows<Row extends LeasedRow>(
  table: OutboxTable<Row>,
  { workerId, batchSize, leaseMs, now = new Date() }: ClaimOptions,
  exclusive?: Exclusivity<Row>,
): Promise<Claim<Row>> {
  const due = await table.findAll({ where: claimable(now), order: [['id', 'ASC']], limit: batchSize });
  const more = due.length === batchSize;
  const busy = exclusive ? await exclusive.lockedByOthers(workerId, due, now) : new Set<string>();
  const wanted = due.filter((row) => !busy.has(exclusive?.keyOf(row) ?? '')).map((row) => row.id);
  if (wanted.length === 0) return { entries: [], released: 0, more };

  await table.updateRows(wanted, { lockedBy: workerId, lockedUntil: new Date(now.getTime() + leaseMs) }, { claimableAt: now });
  const owned = await table.findAll({ where: { id: { [Op.in]: wanted }, lockedBy: workerId }, order: [['id', 'ASC']] });
  if (!exclusive) return { entries: owned, released: 0, more };

  const contested = await exclusive.lockedByOthers(workerId, owned, new Date());
  const kept = owned.filter((row) => !contested.has(exclusive.keyOf(row)));
  const letGo = owned.filter((row) => contested.has(exclusive.keyOf(row))).map((row) => row.id);
  if (letGo.length > 0) await releaseEntries(table, workerId, letGo);
  return { entries: kept, released: letGo.length, more };
}

/**
 * The search outbox's claim. Two workers must not work on one report at the same time: the slower
 * could write an older state of the report to the index after the faster wrote the newer one. Of two
 * workers that claimed rows of one report at the same moment, the one that checks last sees the
 * other's lease, so at most one goes on (both may let go; the rows wait for the next round).
 */
export function claimOutboxBatch(models: SearchOutboxModels, options: ClaimOptions): Promise<Claim> {
  return claimLeasedRows(searchOutboxTable(models), options, reportExclusivity(models));
}

/** Gives rows back untouched (no attempt counted). */
export async function releaseEntries(table: OutboxTable<LeasedRow>, workerId: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await table.updateRows(ids, { lockedBy: null, lockedUntil: null }, { lockedBy: workerId });
}

/** Pushes the lease of rows still held further out, while slow work on them goes on. */
export async function extendLease(table: OutboxTable<LeasedRow>, workerId: string, ids: readonly number[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await table.updateRows(ids, { lockedUntil: new Date(Date.now() + leaseMs) }, { lockedBy: workerId });
}

/** Removes done rows; a row whose lease another worker took over meanwhile is left to that worker. */
export async function completeEntries(table: OutboxTable<LeasedRow>, workerId: string, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return table.deleteRows(ids, { lockedBy: workerId });
}

/** Counts a failed attempt, keeps the reason, and makes the rows due again after a growing pause. */
export async function failEntries(
  table: OutboxTable<LeasedRow>,
  workerId: string,
  entries: readonly LeasedRow[],
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
    await table.updateRows(ids, { attempts, lastError, availableAt: new Date(now.getTime() + backoffDelayMs(attempts, backoff)), lockedBy: null, lockedUntil: null }, { lockedBy: workerId });
  }
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return Array.from(text).slice(0, LAST_ERROR_MAX).join('');
}
