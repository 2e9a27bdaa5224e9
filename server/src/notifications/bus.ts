import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { caseCountsSchema, notificationSchema } from '@hiraku/shared';
import { z } from 'zod';
import type { Logger } from '../logger';

/**
 * What one process tells every API process about notifications, presented once by the worker that made
 * them (present.ts), so a stream writes what it receives and reads nothing back: a member's notification
 * was made or changed (`eventId`: its outbox row; the item as the member sees it, and their unread count
 * after it), every member got one (an announcement: the item once, each member's id and count are the
 * receiving process's to read, in statements that do not grow with its streams), a member's unread count
 * changed (read elsewhere), or a case of the moderation queue changed (operators' streams, with the
 * queue's counts just after). The caches' changes travel on it too, so one Redis channel
 * carries what processes tell each other.
 */
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), userId: z.number().int(), eventId: z.number().int(), item: notificationSchema, unread: z.number().int().nonnegative() }),
  z.object({ type: z.literal('broadcast'), eventId: z.number().int(), item: notificationSchema }),
  z.object({ type: z.literal('unread'), userId: z.number().int() }),
  /** A case of the queue changed (cases.ts): for operators' streams. */
  z.object({
    type: z.literal('case'),
    eventId: z.number().int(),
    caseId: z.number().int(),
    change: z.enum(['opened', 'escalated', 'overdue', 'closed']),
    severe: z.boolean(),
    counts: caseCountsSchema,
  }),
  /**
   * Streams over a member's cap across processes (streamRegistry.ts): the process holding each closes it
   * with the final `closed` event, as it would the oldest of its own.
   */
  z.object({ type: z.literal('streamsClose'), streamIds: z.array(z.string()) }),
  /** Rows were queued in an outbox (its table) by a process that runs no worker of it: the workers' runners start a round (jobs/outboxWake.ts). */
  z.object({ type: z.literal('outboxQueued'), table: z.string() }),
  /** Writes that made cached answers stale (cache/changes.ts): every process drops them (cache/invalidation.ts). */
  z.object({
    type: z.literal('cacheChanges'),
    changes: z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('lists'), reportIds: z.array(z.number().int()) }),
        z.object({ kind: z.literal('relations'), memberId: z.number().int().nullable() }),
        z.object({ kind: z.literal('analytics') }),
      ]),
    ),
  }),
]);
export type BusMessage = z.output<typeof messageSchema>;

export interface NotificationBus {
  /** Several at once travel together (one Redis round trip): a worker's round tells all it made. */
  publish(...messages: BusMessage[]): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(listener: (message: BusMessage) => void): () => void;
  /**
   * Called when the bus listens again after an outage (Redis restarted or unreachable for a while):
   * what was published meanwhile never arrived, so listeners read it back from the database.
   */
  onResume(listener: () => void): () => void;
  /**
   * Called when the bus stops listening (its connection to Redis closed); onResume follows once it
   * listens again. Messages published after the reconnection may arrive before onResume, and may be newer
   * than those missed: a listener notes here where its read back must start.
   */
  onLost(listener: () => void): () => void;
  close(): Promise<void>;
}

/** `event` of `emitter` as a bus's listener registration: adds the listener, returns its remover. */
export function listenerOf<T extends unknown[]>(emitter: EventEmitter, event: string): (listener: (...args: T) => void) => () => void {
  return (listener) => {
    emitter.on(event, listener);
    return () => emitter.off(event, listener);
  };
}

/** Messages a publisher keeps while Redis is unreachable, sent when it is back; older ones are dropped first. */
const UNSENT_MAX = 10_000;

/**
 * With REDIS_URL, Redis pub/sub on one channel: a notification made by a worker (or any API process)
 * reaches the member's stream on whichever API process holds it. Without, an in-process emitter: one
 * process (`npm start`) both makes and shows notifications.
 */
export async function createNotificationBus({ redisUrl, prefix, logger }: { redisUrl?: string; prefix: string; logger: Logger }): Promise<NotificationBus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      async publish(...messages) {
        for (const message of messages) local.emit('message', message);
      },
      subscribe: listenerOf<[BusMessage]>(local, 'message'),
      // One process: nothing travels outside it, so nothing can be missed.
      onResume: () => () => undefined,
      onLost: () => () => undefined,
      async close() {
        local.removeAllListeners();
      },
    };
  }
  const channel = `${prefix}notifications`;
  // A subscribed connection can do nothing else, so publishing has its own. Both reconnect by themselves.
  const publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: unknown) => logger.warn({ err: error }, 'Redis に接続できません（通知のリアルタイム配信が遅れます）'));
  }
  await Promise.all([publisher.connect().catch(() => undefined), subscriber.connect().catch(() => undefined)]);
  let subscribed: Promise<unknown> | null = null;
  // Attached after the first connection was made (above), so every 'ready' is a reconnection: the
  // channel is subscribed again (ioredis does it too; awaiting our own makes sure it holds) before
  // listeners are told to catch up, so nothing published after their read back can slip between the two.
  subscriber.on('ready', () => {
    if (!subscribed) return;
    subscriber
      .subscribe(channel)
      .then(() => local.emit('resume'))
      .catch((error: unknown) => logger.warn({ err: error }, 'Redis の購読に失敗しました'));
  });
  subscriber.on('close', () => {
    if (subscribed) local.emit('lost');
  });
  const unsent: string[] = [];
  const sendUnsent = () => {
    const batch = unsent.splice(0);
    if (batch.length === 0) return;
    batch
      .reduce((pipeline, text) => pipeline.publish(channel, text), publisher.pipeline())
      .exec()
      .catch(() => keepUnsent(batch));
  };
  const keepUnsent = (texts: string[]) => {
    unsent.push(...texts);
    if (unsent.length > UNSENT_MAX) unsent.splice(0, unsent.length - UNSENT_MAX);
  };
  publisher.on('ready', sendUnsent);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const parsed = messageSchema.safeParse(JSON.parse(text));
      if (parsed.success) local.emit('message', parsed.data);
    } catch {
      // Not ours: ignored.
    }
  });
  return {
    async publish(...messages) {
      const texts = messages.map((message) => JSON.stringify(message));
      try {
        if (texts.length === 1) await publisher.publish(channel, texts[0] as string);
        else if (texts.length > 1) await texts.reduce((pipeline, text) => pipeline.publish(channel, text), publisher.pipeline()).exec();
      } catch (error) {
        // Sent again when Redis is back; the caller still hears that it failed (it logs the delay).
        keepUnsent(texts);
        throw error;
      }
    },
    subscribe(listener) {
      subscribed ??= subscriber.subscribe(channel).catch((error: unknown) => logger.warn({ err: error }, 'Redis の購読に失敗しました'));
      return listenerOf<[BusMessage]>(local, 'message')(listener);
    },
    onResume: listenerOf(local, 'resume'),
    onLost: listenerOf(local, 'lost'),
    async close() {
      local.removeAllListeners();
      await Promise.all([publisher.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
}

/** Resolves once the bus listens (Redis confirmed the subscription), so a test can publish right after. */
export async function busReady(bus: NotificationBus): Promise<void> {
  const stop = bus.subscribe(() => undefined);
  stop();
  await new Promise((resolve) => setImmediate(resolve));
}
