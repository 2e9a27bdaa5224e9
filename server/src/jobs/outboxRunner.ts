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
}

export const DEFAULT_IDLE_MS = 1_000;

let hookSequence = 0;

/**
 * Runs `worker` in the background: round after round while rows are due, then every `idleMs` (with a
 * little jitter, so several processes do not poll in step), and right after a commit that queued rows
 * in this process (the worker's `wakeOn` model; rows queued by other processes wait for the poll).
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

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, idleMs * (0.8 + Math.random() * 0.4));
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const unhook = worker.wakeOn ? wakeOnCommittedRows(worker.wakeOn, nudge) : () => undefined;

  const loop = (async () => {
    let failing = false;
    while (!stopping) {
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
        await loop;
      })()),
  };
}

/** Runners woken by rows of each outbox model queued in this process without the model (rowsQueued). */
const wakers = new Map<ModelStatic<Model>, Set<() => void>>();

/**
 * Tells this process's runners of `model`'s outbox that rows were queued by a plain INSERT (a hot write
 * path that skips the model's create: notifications/events.ts), once `transaction` commits. Rows queued
 * through the model wake them by its hooks.
 */
export function rowsQueued(model: ModelStatic<Model>, transaction: Transaction | null | undefined): void {
  const nudges = wakers.get(model);
  if (!nudges || nudges.size === 0) return;
  const wakeAll = () => nudges.forEach((nudge) => nudge());
  if (transaction) transaction.afterCommit(wakeAll);
  else wakeAll();
}

/** Wakes the runner after a commit that wrote outbox rows (or at once for rows written outside a transaction). */
function wakeOnCommittedRows(model: ModelStatic<Model>, nudge: () => void): () => void {
  const name = `outboxWake${(hookSequence += 1)}`;
  const afterWrite = (_rows: unknown, options: { transaction?: Transaction | null }) => {
    if (options.transaction) options.transaction.afterCommit(() => nudge());
    else nudge();
  };
  model.addHook('afterCreate', name, afterWrite);
  model.addHook('afterBulkCreate', name, afterWrite);
  const nudges = wakers.get(model) ?? new Set();
  nudges.add(nudge);
  wakers.set(model, nudges);
  return () => {
    model.removeHook('afterCreate', name);
    model.removeHook('afterBulkCreate', name);
    nudges.delete(nudge);
  };
}
