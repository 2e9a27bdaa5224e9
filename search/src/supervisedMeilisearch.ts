import { startLocalMeilisearch, type LocalMeilisearch, type LocalMeilisearchOptions } from './localMeilisearch';

export interface RestartBackoff {
  initialMs: number;
  maxMs: number;
  /** Up this long after a restart, the next crash starts the schedule over. */
  healthyResetMs: number;
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoff = { initialMs: 1_000, maxMs: 30_000, healthyResetMs: 60_000 };

/** Delay before restart number `attempt` (0-based since the last healthy period): 1 s, 2 s, 4 s ... capped. */
export function restartDelayMs(attempt: number, backoff: RestartBackoff = DEFAULT_RESTART_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, Math.min(attempt, 30)));
}

/** The back-off step after an exit: back to the start when the engine had stayed up long enough. */
export function attemptAfterExit(attempt: number, upForMs: number, backoff: RestartBackoff = DEFAULT_RESTART_BACKOFF): number {
  return upForMs >= backoff.healthyResetMs ? 0 : attempt;
}

export interface SupervisedMeilisearchOptions extends LocalMeilisearchOptions {
  backoff?: RestartBackoff;
  /** Told about every unexpected exit and every restart (success or failure). */
  onEvent?: (event: SupervisorEvent) => void;
  /** Runs once a restarted engine answers /health, e.g. to re-apply the index settings. */
  onRestarted?: (engine: LocalMeilisearch) => Promise<void>;
}

export type SupervisorEvent =
  | { type: 'exited'; how: string; restartInMs: number }
  | { type: 'restarted'; host: string; pid: number; restarts: number }
  | { type: 'restartFailed'; error: unknown; restartInMs: number };

export interface SupervisedMeilisearch {
  host: string;
  masterKey: string;
  /** The engine running now (changes after each restart). */
  current(): LocalMeilisearch;
  /** Restarts so far. */
  restarts(): number;
  /**
   * Ends supervision at once (synchronous, so a signal handler can call it before Ctrl-C's SIGINT,
   * which reaches Meilisearch too, makes its exit look like a crash). The engine keeps running.
   */
  stopRestarting(): void;
  /** Ends supervision, then stops the engine. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * A local Meilisearch that is started again, on the same port, data and key, when it dies: the outbox
 * keeps writes meanwhile and search answers from the database, so the engine only has to come back.
 */
export async function superviseLocalMeilisearch(options: SupervisedMeilisearchOptions): Promise<SupervisedMeilisearch> {
  const backoff = options.backoff ?? DEFAULT_RESTART_BACKOFF;
  let engine = await startLocalMeilisearch(options);
  // Pinned after the first start so clients already holding the host keep working.
  const port = Number(new URL(engine.host).port);
  const restartOptions: LocalMeilisearchOptions = { ...options, port, masterKey: engine.masterKey };
  let stopping = false;
  let attempt = 0;
  let restarts = 0;
  let upSince = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const watch = (running: LocalMeilisearch) => {
    void running.exited.then(async (how) => {
      // Already dead: this only drops its process 'exit' listener.
      await running.stop();
      if (stopping || running !== engine) return;
      attempt = attemptAfterExit(attempt, Date.now() - upSince, backoff);
      scheduleRestart({ type: 'exited', how });
    });
  };

  const scheduleRestart = (cause: { type: 'exited'; how: string } | { type: 'restartFailed'; error: unknown }) => {
    const restartInMs = restartDelayMs(attempt, backoff);
    attempt += 1;
    options.onEvent?.({ ...cause, restartInMs });
    timer = setTimeout(() => {
      restarting = restart();
    }, restartInMs);
    // A pending restart must not keep the process alive on its own.
    timer.unref();
  };

  const restart = async () => {
    timer = undefined;
    if (stopping) return;
    let next: LocalMeilisearch;
    try {
      next = await startLocalMeilisearch(restartOptions);
    } catch (error) {
      if (!stopping) scheduleRestart({ type: 'restartFailed', error });
      return;
    }
    if (stopping) {
      await next.stop();
      return;
    }
    engine = next;
    upSince = Date.now();
    restarts += 1;
    watch(next);
    options.onEvent?.({ type: 'restarted', host: next.host, pid: next.pid, restarts });
    await options.onRestarted?.(next).catch(() => undefined);
  };

  watch(engine);
  let stopped: Promise<void> | undefined;
  const stopRestarting = () => {
    stopping = true;
    clearTimeout(timer);
  };
  return {
    host: engine.host,
    masterKey: engine.masterKey,
    current: () => engine,
    restarts: () => restarts,
    stopRestarting,
    stop: () =>
      (stopped ??= (async () => {
        stopRestarting();
        // A restart under way stops what it started once it sees `stopping`.
        await restarting;
        await engine.stop();
      })()),
  };
}
