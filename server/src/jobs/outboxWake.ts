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
 * API side: rows queued here for an outbox without a runner here are announced on `bus`, one message at
 * a time per outbox: rows committed while one is on its way send one more after it, however many they are.
 */
export function announceQueuedRows(bus: NotificationBus, logger: Logger): () => void {
  const sending = new Map<string, { again: boolean }>();
  const send = (table: string) => {
    const state = { again: false };
    sending.set(table, state);
    bus
      .publish({ type: 'outboxQueued', table })
      // The worker's poll still finds the rows; the bus says once when Redis is out.
      .catch((error: unknown) => logger.debug({ err: error, table }, 'outbox wake not published'))
      .finally(() => {
        sending.delete(table);
        if (state.again) send(table);
      });
  };
  return announceQueuedRowsTo((table) => {
    const onItsWay = sending.get(table);
    if (onItsWay) onItsWay.again = true;
    else send(table);
  });
}

/** Worker side: each runner starts a round when rows of its worker's outbox are announced. Returns the stop. */
export function wakeOnAnnouncedRows(bus: NotificationBus, running: ReadonlyArray<{ worker: OutboxWorker; runner: OutboxRunner }>): () => void {
  const runnerOf = new Map<string, OutboxRunner>();
  for (const { worker, runner } of running) if (worker.wakeOn) runnerOf.set(worker.wakeOn.getTableName().toString(), runner);
  return bus.subscribe((message) => {
    if (message.type === 'outboxQueued') runnerOf.get(message.table)?.nudge();
  });
}
