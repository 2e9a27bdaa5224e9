import type { Model, ModelStatic, Transaction } from 'sequelize';
import type { Logger } from '../logger';
import type { OutboxWorker } from './outboxWorker';

export interface OutboxRunner {
  /** Starts a round soon instead of at the next poll (a write was just committed). */
  nudge(): void;
  /** Finishes the round in progress, then stops. Safe to call twice. */
  stop(): Promise<void>;
}

export interface OutboxRunnerOptions {
  /** Pause between rounds when there is nothing to do. */
  idleMs?: number;
  /**
   * Least time from one round's start to the next woken one's (rounds that drain a backlog follow at
   * once). Commits wake the runner, and without it a busy site's writes would each start a round of
   * their own, a few rows apiece, every round costing its own claim and completion statements.
   */
  minGapMs?: number;
}

export const DEFAULT_IDLE_MS = 1_000;

/**
 * Runs `worker` in the background: round after round while rows are due, then every `idleMs` (with a
 * little jitter, so several processes do not poll in step), and right after a commit that queued rows
 * in this process (the worker's `wakeOn` model). Rows queued by other processes wake it through the bus
 * (outboxWake.ts), or wait for the poll.
 */
export function startOutboxRunner(worker: OutboxWorker, logger: Logger, options: OutboxRunnerOptions = {}): OutboxRunner {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | null = null;

  const nudge = () => {
    nudged = true;
    wake?.();
  };

  /** Waits `ms`, or less when `cut` (set for the wait) is called; returns with `cut` cleared. */
  const wait = (ms: number, hold: (cut: (() => void) | null) => void) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        hold(null);
        resolve();
      }
      hold(done);
    });
  // A nudge ends the idle pause; only a stop ends the gap between woken rounds.
  const pause = () => wait(idleMs * (0.8 + Math.random() * 0.4), (cut) => (wake = cut));
  const minGapMs = options.minGapMs ?? 0;
  let endGap: (() => void) | null = null;
  const gap = (ms: number) => wait(ms, (cut) => (endGap = cut));

  const unhook = worker.wakeOn ? wakeOnCommittedRows(worker.wakeOn, nudge) : () => undefined;

  const loop = (async () => {
    let failing = false;
    let lastStart = Number.NEGATIVE_INFINITY;
    let backlog = false;
    while (!stopping) {
      const untilGapEnds = lastStart + minGapMs - Date.now();
      if (!backlog && untilGapEnds > 0) {
        await gap(untilGapEnds);
        if (stopping) break;
      }
      lastStart = Date.now();
      nudged = false;
      let busy = false;
      try {
        const result = await worker.drainOnce();
        busy = result.more && result.claimed > 0;
        failing = false;
      } catch (error) {
        // The database itself is unavailable: try again at the next poll, saying so once per outage.
        if (!failing) logger.warn({ err: error, workerId: worker.workerId }, `${worker.name} round failed`);
        failing = true;
      }
      backlog = busy;
      if (!stopping && !busy && !nudged) await pause();
    }
  })();

  let stopped: Promise<void> | undefined;
  return {
    nudge,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        unhook();
        wake?.();
        endGap?.();
        await loop;
      })()),
  };
}

/** Runners woken by rows of each outbox model, however the rows were written (hooks or rowsQueued). */
const wakers = new Map<ModelStatic<Model>, Set<() => void>>();

const HOOK_NAME = 'outboxWake';

/** Where rows of an outbox this process runs no worker of are announced (outboxWake.ts: the bus); none by default. */
let announcer: ((table: string) => void) | null = null;

/** Sets (or, with null, removes) what rowsQueued calls for an outbox without a runner here. Returns the remover. */
export function announceQueuedRowsTo(announce: (table: string) => void): () => void {
  announcer = announce;
  return () => {
    if (announcer === announce) announcer = null;
  };
}

/**
 * Tells this process's runners of `model`'s outbox that rows were queued, once `transaction` commits (at
 * once without one), or, with none here, the announcer (another process's runner) unless `localOnly`.
 * Rows created through the model call it by its hooks while a runner of it is here; a hot write path
 * that queues with a plain INSERT (notifications/events.ts, commands/searchOutbox.ts) calls it itself.
 */
export function rowsQueued(model: ModelStatic<Model>, transaction: Transaction | null | undefined, { localOnly = false }: { localOnly?: boolean } = {}): void {
  const nudges = wakers.get(model);
  const announce = localOnly ? null : announcer;
  const wake = nudges && nudges.size > 0 ? () => nudges.forEach((nudge) => nudge()) : announce ? () => announce(model.getTableName().toString()) : null;
  if (!wake) return;
  if (transaction) transaction.afterCommit(wake);
  else wake();
}

/** Wakes the runner after a commit that wrote outbox rows; the model's hooks are there while any runner of it is. */
function wakeOnCommittedRows(model: ModelStatic<Model>, nudge: () => void): () => void {
  const nudges = wakers.get(model) ?? new Set();
  wakers.set(model, nudges);
  if (nudges.size === 0) {
    const afterWrite = (_rows: unknown, options: { transaction?: Transaction | null }) => rowsQueued(model, options.transaction);
    model.addHook('afterCreate', HOOK_NAME, afterWrite);
    model.addHook('afterBulkCreate', HOOK_NAME, afterWrite);
  }
  nudges.add(nudge);
  return () => {
    nudges.delete(nudge);
    if (nudges.size > 0) return;
    model.removeHook('afterCreate', HOOK_NAME);
    model.removeHook('afterBulkCreate', HOOK_NAME);
  };
}
