import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger';
import { createNotificationBus, type BusMessage, type NotificationBus } from '../notifications/bus';
import type { AppCaches } from './appCaches';
import { installCacheChangeHooks, onCacheChanges, type CacheChange } from './changes';

/**
 * Wires a process's caches to what changes: the model hooks record each write's change on its
 * transaction (cache/changes.ts); after the commit this process drops what is stale at once (its own
 * member's next read already sees the write) and publishes the change on the bus, so every other API
 * process drops the same within milliseconds (Redis pub/sub; without Redis the bus is this process).
 * A worker has no caches of its own: it only publishes. When the bus comes back after an outage, changes
 * may have been missed, so everything kept is dropped.
 */
export function startCacheInvalidation({
  sequelize,
  caches,
  bus,
  logger,
}: {
  sequelize: Sequelize;
  caches: AppCaches | null;
  bus: NotificationBus;
  logger: Logger;
}): () => void {
  installCacheChangeHooks(sequelize);
  const stopRecording = onCacheChanges(sequelize, (changes) => {
    caches?.apply(changes);
    bus.publish({ type: 'cacheChanges', changes }).catch((error: unknown) => logger.warn({ err: error }, 'キャッシュの変更を他のプロセスに伝えられませんでした'));
  });
  if (!caches) return stopRecording;
  const unsubscribe = bus.subscribe((message: BusMessage) => {
    if (message.type === 'cacheChanges') caches.apply(message.changes as CacheChange[]);
  });
  const stopResume = bus.onResume(() => caches.clearAll());
  return () => {
    stopRecording();
    unsubscribe();
    stopResume();
  };
}

/**
 * For a process without caches of its own and without a bus otherwise (an operator command, `npm run
 * cli`): with REDIS_URL, its writes are announced to the running API processes as the worker's are;
 * without, the server is one process of its own and its caches' time to live bounds what it misses.
 * Returns what closes the connection (after the last announcement is sent).
 */
export async function announceCacheChanges({
  redisUrl,
  prefix,
  sequelize,
  logger,
}: {
  redisUrl: string | undefined;
  prefix: string;
  sequelize: Sequelize;
  logger: Logger;
}): Promise<() => Promise<void>> {
  if (!redisUrl) return async () => undefined;
  const bus = await createNotificationBus({ redisUrl, prefix, logger });
  const stop = startCacheInvalidation({ sequelize, caches: null, bus, logger });
  return async () => {
    stop();
    await bus.close();
  };
}
