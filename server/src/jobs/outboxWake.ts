import type { Logger } from '../logger';
import type { NotificationBus } from '../notifications/bus';
import { announceQueuedRowsTo, type OutboxRunner } from './outboxRunner';
import type { OutboxWorker } from './outboxWorker';

/**
 * As deployed (docs/deployment.md) the API processes run no outbox workers: a comment's notification,
 * queued by the API, waited for the worker process's next poll (250 ms, 125 on average), the largest part
 * of a comment's way to its author's stream. The API process now tells the workers on the bus, after
 * the commit, that rows are waiting, and their runners start a round at once; the poll stays, for a
 * message lost with Redis.
 */

/**
 * At most one message per outbox in this time: each message goes to every process on the bus (the API
 * processes read the channel for their streams, and parse and check every message), and one per commit
 * is hundreds a second under a stream of comments. A message more often would wake nothing sooner: the
 * worker's woken rounds are further apart (NOTIFICATION_ROUND_GAP_MS).
 */
export const OUTBOX_WAKE_WINDOW_MS = 50;

/**
 * API side: rows queued here for an outbox without a runner here are announced on `bus`: the first at
 * once, and all those of the next `windowMs` in one message at its end.
 */
export function announceQueuedRows(bus: NotificationBus, logger: Logger, { windowMs = OUTBOX_WAKE_WINDOW_MS }: { windowMs?: number } = {}): () => void {
  const lastSent = new Map<string, number>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const send = (table: string) => {
    lastSent.set(table, Date.now());
    // The worker's poll still finds the rows; the bus says once when Redis is out.
    bus.publish({ type: 'outboxQueued', table }).catch((error: unknown) => logger.debug({ err: error, table }, 'outbox wake not published'));
  };
  const stopAnnouncing = announceQueuedRowsTo((table) => {
    if (waiting.has(table)) return;
    const wait = (lastSent.get(table) ?? Number.NEGATIVE_INFINITY) + windowMs - Date.now();
    if (wait <= 0) {
      send(table);
      return;
    }
    waiting.set(
      table,
      setTimeout(() => {
        waiting.delete(table);
        send(table);
      }, wait),
    );
  });
  return () => {
    stopAnnouncing();
    for (const timer of waiting.values()) clearTimeout(timer);
    waiting.clear();
  };
}

/** Worker side: each runner starts a round when rows of its worker's outbox are announced. Returns the stop. */
export function wakeOnAnnouncedRows(bus: NotificationBus, running: ReadonlyArray<{ worker: OutboxWorker; runner: OutboxRunner }>): () => void {
  const runnerOf = new Map<string, OutboxRunner>();
  for (const { worker, runner } of running) if (worker.wakeOn) runnerOf.set(worker.wakeOn.getTableName().toString(), runner);
  return bus.subscribe((message) => {
    if (message.type === 'outboxQueued') runnerOf.get(message.table)?.nudge();
  });
}
