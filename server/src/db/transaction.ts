import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Transaction, type Sequelize } from 'sequelize';

/** MariaDB/MySQL error numbers after which the whole transaction may simply be run again. */
const MYSQL_DEADLOCK = 1213;
const MYSQL_LOCK_WAIT_TIMEOUT = 1205;

/**
 * Attempts in all (the first and up to two retries). Deadlocks are rare once the writes take their
 * locks in one order; a few retries absorb the remaining ones (a foreign-key check meeting another
 * writer's row) without letting a hopeless request run on for long.
 */
export const WRITE_ATTEMPTS = 3;
const RETRY_PAUSE_MS = { min: 5, max: 40 };

export interface WriteTransactionOptions {
  /** For tests: how many attempts (default WRITE_ATTEMPTS). */
  attempts?: number;
  /** Told before each retry, with the error that caused it. */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Runs `work` in a transaction meant for writing, and runs it again when the database aborted it as a
 * deadlock victim or after a lock wait timeout, a bounded number of times with a short random pause.
 * `work` must only change the database (or do things that are safe to repeat): everything it did in the
 * failed attempt was rolled back.
 *
 * On MariaDB/MySQL the transaction is READ COMMITTED (every connection is set so when the pool opens it,
 * db/connection.ts, so a transaction does not ask again): InnoDB then takes no gap or next-key locks for
 * searches, deletes and the subqueries that recount counters, which were what let writers on different
 * reports (adjacent in an index) block each other in a cycle. Every write that must be serialised locks
 * its row explicitly (e.g. lockReport), so nothing relies on REPEATABLE READ's snapshot.
 *
 * On SQLite the writers of this process queue in turn (see oneWriterAtATime), and the transaction is
 * IMMEDIATE: it takes the write lock at BEGIN, so a writer in another process (the CLI) makes it wait
 * on the busy timeout instead of both reading and then failing to upgrade (SQLITE_BUSY at once). A BUSY
 * that still happens (the timeout ran out) is retried like a deadlock.
 */
export async function writeTransaction<T>(
  sequelize: Sequelize,
  work: (transaction: Transaction) => Promise<T>,
  { attempts = WRITE_ATTEMPTS, onRetry }: WriteTransactionOptions = {},
): Promise<T> {
  // A second transaction opened inside the first would wait for the first's locks (on SQLite, for its
  // turn) for ever: the inner work must use the outer transaction instead.
  if (insideWrite.getStore()) throw new Error('writeTransaction inside another write transaction: pass the transaction down instead');
  const sqlite = sequelize.getDialect() === 'sqlite';
  // No level on MariaDB/MySQL: the session's is READ COMMITTED already (undefined overrides the default others get).
  const options = sqlite ? { type: Transaction.TYPES.IMMEDIATE } : { isolationLevel: undefined };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const run = () => insideWrite.run(true, () => sequelize.transaction(options, work));
      return await (sqlite ? oneWriterAtATime(sequelize, run) : run());
    } catch (error) {
      if (attempt >= attempts || !isTransientLockError(error)) throw error;
      onRetry?.(error, attempt);
      await sleep(RETRY_PAUSE_MS.min + Math.random() * (RETRY_PAUSE_MS.max - RETRY_PAUSE_MS.min));
    }
  }
}

const insideWrite = new AsyncLocalStorage<true>();
const sqliteWriters = new WeakMap<Sequelize, Promise<unknown>>();

/**
 * SQLite allows one writer at a time anyway. Queuing them here rather than in SQLite's busy handler
 * matters: the handler waits inside a libuv worker thread, and a few writers waiting there take every
 * thread, so the writer holding the lock cannot run its next statement until a wait times out.
 */
function oneWriterAtATime<T>(sequelize: Sequelize, run: () => Promise<T>): Promise<T> {
  const previous = sqliteWriters.get(sequelize) ?? Promise.resolve();
  const mine = previous.then(run, run);
  sqliteWriters.set(sequelize, mine.catch(() => undefined));
  return mine;
}

interface DriverError {
  errno?: unknown;
  code?: unknown;
}

/** A deadlock, a lock wait timeout or SQLite's BUSY, however Sequelize wrapped the driver's error. */
export function isTransientLockError(error: unknown): boolean {
  for (const candidate of driverErrors(error)) {
    if (candidate.errno === MYSQL_DEADLOCK || candidate.errno === MYSQL_LOCK_WAIT_TIMEOUT) return true;
    if (candidate.code === 'SQLITE_BUSY' || candidate.code === 'ER_LOCK_DEADLOCK' || candidate.code === 'ER_LOCK_WAIT_TIMEOUT') return true;
  }
  return false;
}

function driverErrors(error: unknown): DriverError[] {
  if (typeof error !== 'object' || error === null) return [];
  const wrapper = error as DriverError & { parent?: unknown; original?: unknown };
  return [wrapper, wrapper.parent, wrapper.original].filter((candidate): candidate is DriverError => typeof candidate === 'object' && candidate !== null);
}
