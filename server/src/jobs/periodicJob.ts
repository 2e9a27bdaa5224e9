export interface PeriodicJob {
  /** Finishes the round in progress, then stops. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Runs `round` at once and then every `intervalMs`, one round at a time (a slow round delays the next
 * rather than overlapping it). `round` handles its own failures; the timer never keeps the process alive.
 */
export function startPeriodicJob(round: () => Promise<void>, intervalMs: number): PeriodicJob {
  let running: Promise<void> = round();
  const timer = setInterval(() => {
    running = running.then(round);
  }, intervalMs);
  timer.unref();
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await running;
      })();
      return stopped;
    },
  };
}
