import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Model, ModelStatic } from 'sequelize';
import type { Logger } from '../logger';
import { claimLeasedRows, completeEntries, extendLease, failEntries, type BackoffPolicy, type Exclusivity, type LeasedRow, type OutboxTable } from './outboxLease';

/** How one outbox kind (search, mail) does its work; the worker around it is the same for every kind. */
export interface OutboxHandler<Row extends LeasedRow> {
  /** Names the queue in logs. */
  readonly name: string;
  readonly table: OutboxTable<Row>;
  /** Rows written through this model wake a runner once their transaction commits (outboxRunner.ts). */
  readonly wakeOn?: ModelStatic<Model>;
  /** Groups of rows two workers must not hold at once (see claimLeasedRows). */
  readonly exclusivity?: Exclusivity<Row>;
  readonly defaults: OutboxWorkerSettings;
  /** Logged once when a failure starts an outage, and once when work succeeds again. */
  readonly messages: { failing: string; recovered: string };
  /**
   * Runs before each claim. Throws while the target cannot be reached (nothing is claimed then);
   * resolves true when it just re-established the target (the outage is over).
   */
  prepare?(): Promise<boolean>;
  /**
   * Does the work of the claimed rows, reporting each row through `outcome` as soon as its fate is
   * known. A row left unreported keeps its lease until it runs out, then is tried again.
   */
  handle(rows: Row[], outcome: OutboxOutcome<Row>): Promise<void>;
}

export interface OutboxOutcome<Row extends LeasedRow> {
  /** The rows' work is done: they are removed at once, so a crash afterwards repeats none of it. */
  done(rows: readonly Row[]): Promise<void>;
  /** The rows failed: one more attempt counted, the reason kept, due again after the back-off. */
  failed(rows: readonly Row[], error: unknown, logContext?: Record<string, unknown>): Promise<void>;
}

export interface OutboxWorkerSettings {
  batchSize: number;
  /** Longer than one round's work may take; renewed while the work goes on. */
  leaseMs: number;
  backoff: BackoffPolicy;
}

export interface OutboxWorkerOptions<Row extends LeasedRow = LeasedRow> extends Partial<OutboxWorkerSettings> {
  /** Stored in locked_by; unique per worker (host, pid and a random part by default). */
  workerId?: string;
  /** Called with the rows of each batch done and removed (tests check that no row is done twice). */
  onApplied?: (rows: readonly Row[]) => void;
}

export interface OutboxDrainResult {
  /** Rows this round took and kept. */
  claimed: number;
  /** Rows whose work is done (indexed, sent), removed from the outbox. */
  applied: number;
  /** Rows that failed and wait for their next attempt. */
  failed: number;
  /** Rows let go because another worker was busy with the same group. */
  released: number;
  /** The batch was full, so more rows are probably due now. */
  more: boolean;
  /** The target did not answer before the claim (prepare threw); nothing was claimed. */
  unavailable: boolean;
}

export interface OutboxWorker {
  readonly workerId: string;
  readonly name: string;
  readonly wakeOn?: ModelStatic<Model>;
  /** One round: claim due rows, work on them, remove the done ones and reschedule the rest. Rounds never overlap. */
  drainOnce(): Promise<OutboxDrainResult>;
}

export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`.slice(-64);
}

function emptyResult(): OutboxDrainResult {
  return { claimed: 0, applied: 0, failed: 0, released: 0, more: false, unavailable: false };
}

/**
 * The one claim / work / complete-or-back-off loop of every outbox. Rows are leased (outboxLease.ts),
 * so any number of workers in any number of processes may drain one table: each row is worked on by
 * one worker at a time and removed by the one that did it. A row that fails waits with a growing pause
 * and is tried again; none is ever dropped.
 */
export function createOutboxWorker<Row extends LeasedRow>(handler: OutboxHandler<Row>, logger: Logger, options: OutboxWorkerOptions<Row> = {}): OutboxWorker {
  const { table } = handler;
  const workerId = options.workerId ?? newWorkerId();
  const batchSize = options.batchSize ?? handler.defaults.batchSize;
  const leaseMs = options.leaseMs ?? handler.defaults.leaseMs;
  const backoff = options.backoff ?? handler.defaults.backoff;
  let failing = false;
  let running: Promise<OutboxDrainResult> = Promise.resolve(emptyResult());

  function noteFailure(error: unknown, logContext: Record<string, unknown> = {}) {
    // Once per outage: while the target is down every round fails the same way.
    if (!failing) logger.warn({ err: error, workerId, ...logContext }, handler.messages.failing);
    failing = true;
  }

  function noteRecovery() {
    if (!failing) return;
    failing = false;
    logger.info({ workerId }, handler.messages.recovered);
  }

  async function round(): Promise<OutboxDrainResult> {
    try {
      if (handler.prepare && (await handler.prepare())) noteRecovery();
    } catch (error) {
      noteFailure(error);
      return { ...emptyResult(), unavailable: true };
    }
    const claim = await claimLeasedRows(table, { workerId, batchSize, leaseMs }, handler.exclusivity);
    if (claim.entries.length === 0) return { ...emptyResult(), released: claim.released, more: claim.more };

    let applied = 0;
    let failed = 0;
    const outcome: OutboxOutcome<Row> = {
      async done(rows) {
        if (rows.length === 0) return;
        await completeEntries(table, workerId, rows.map((row) => row.id));
        applied += rows.length;
        options.onApplied?.(rows);
      },
      async failed(rows, error, logContext) {
        if (rows.length === 0) return;
        noteFailure(error, logContext);
        await failEntries(table, workerId, rows, error, { backoff });
        failed += rows.length;
      },
    };

    // The work may be slow (a mail server's timeouts, a large upsert): keep the lease so no one else takes over.
    const ids = claim.entries.map((row) => row.id);
    const renewal = setInterval(() => {
      extendLease(table, workerId, ids, leaseMs).catch((error: unknown) => logger.warn({ err: error, workerId }, `${handler.name} lease could not be extended`));
    }, Math.max(leaseMs / 3, 10));
    try {
      await handler.handle(claim.entries, outcome);
    } finally {
      clearInterval(renewal);
    }
    if (applied > 0 && failed === 0) noteRecovery();
    return { claimed: claim.entries.length, applied, failed, released: claim.released, more: claim.more, unavailable: false };
  }

  return {
    workerId,
    name: handler.name,
    ...(handler.wakeOn ? { wakeOn: handler.wakeOn } : {}),
    drainOnce() {
      const next = running.catch(() => undefined).then(round);
      running = next;
      return next;
    },
  };
}
