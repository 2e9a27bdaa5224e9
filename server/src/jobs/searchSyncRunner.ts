import type { Transaction } from 'sequelize';
import type { Logger } from '../logger';
import type { Models } from '../models';
import type { SearchOutboxWorker } from './searchOutboxWorker';

export interface SearchSyncRunner {
  /** Starts a round soon instead of at the next poll (a write was just committed). */
  nudge(): void;
  /** Finishes the round in progress, then stops. Safe to call twice. */
  stop(): Promise<void>;
}

export interface SearchSyncRunnerOptions {
  /** Pause between rounds when there is nothing to do. */
  idleMs?: number;
  /** Rows written through these models wake the runner once their transaction commits. */
  models?: Pick<Models, 'SearchOutboxEntry'>;
}

export const DEFAULT_IDLE_MS = 1_000;

let hookSequence = 0;

/**
 * Runs `worker` in the background: round after round while rows are due, then every `idleMs` (with a
 * little jitter, so several processes do not poll in step), and right after a commit that queued rows.
 */
export function startSearchSync(worker: SearchOutboxWorker, logger: Logger, options: SearchSyncRunnerOptions = {}): SearchSyncRunner {
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

  const unhook = options.models ? wakeOnCommittedRows(options.models, nudge) : () => undefined;

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
        if (!failing) logger.warn({ err: error, workerId: worker.workerId }, 'search outbox round failed');
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

/** Wakes the runner after a commit that wrote outbox rows (or at once for rows written outside a transaction). */
function wakeOnCommittedRows(models: Pick<Models, 'SearchOutboxEntry'>, nudge: () => void): () => void {
  const name = `searchSyncWake${(hookSequence += 1)}`;
  const afterWrite = (_rows: unknown, options: { transaction?: Transaction | null }) => {
    if (options.transaction) options.transaction.afterCommit(() => nudge());
    else nudge();
  };
  models.SearchOutboxEntry.addHook('afterCreate', name, afterWrite);
  models.SearchOutboxEntry.addHook('afterBulkCreate', name, afterWrite);
  return () => {
    models.SearchOutboxEntry.removeHook('afterCreate', name);
    models.SearchOutboxEntry.removeHook('afterBulkCreate', name);
  };
}
