import { findFreePort } from '@hiraku/search';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from '../../test/support/redisServer';
import { startTcpCut } from '../../test/support/tcpCut';
import { eventually } from '../../test/support/searchOutbox';
import { createLogger } from '../logger';
import { createNotificationBus, type BusMessage, type NotificationBus } from './bus';

/**
 * The bus across a Redis outage (issue 34), each of its two ways of losing nothing on its own: a
 * publisher sends again what Redis refused, and a subscriber that reconnects tells its listeners to
 * read back what they may have missed. Redis is the test's own, killed and started again on its port.
 */
describe('the notification bus across a Redis restart', () => {
  let port: number;
  let redis: RedisServer;
  const buses: NotificationBus[] = [];

  beforeEach(async () => {
    port = await findFreePort();
    redis = await startRedisServer(port);
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    await redis.stop();
  });

  const bus = async () => {
    const made = await createNotificationBus({ redisUrl: redis.url, prefix: `hiraku_test_bus_${port}:`, logger: createLogger('silent') });
    buses.push(made);
    return made;
  };

  it('tells its listeners when it lost Redis and once the subscription holds again, and not before the outage', async () => {
    const subscriber = await bus();
    const received: BusMessage[] = [];
    subscriber.subscribe((message) => received.push(message));
    const told: string[] = [];
    let resumed = 0;
    subscriber.onResume(() => {
      resumed += 1;
      told.push('resume');
    });
    subscriber.onLost(() => told.push('lost'));
    const publisher = await bus();
    await eventually(async () => {
      await publisher.publish({ type: 'unread', userId: 1 });
      return received.length > 0;
    }, 10_000, 'the first subscription');
    expect(told).toEqual([]);

    await redis.stop();
    await eventually(async () => told.includes('lost'), 10_000, 'the loss');
    redis = await startRedisServer(port);
    await eventually(async () => resumed === 1, 20_000, 'the resume after the restart');
    // Lost first (each failed reconnection may say so again), resumed last.
    expect(told[0]).toBe('lost');
    expect(told.at(-1)).toBe('resume');
    // It listens again: a message published now arrives.
    const before = received.length;
    await eventually(async () => {
      await publisher.publish({ type: 'unread', userId: 2 }).catch(() => undefined);
      return received.slice(before).some((message) => message.type === 'unread' && message.userId === 2);
    }, 20_000, 'a message after the resume');
  });

  it('sends again what it could not publish while Redis was gone', async () => {
    const channel = `hiraku_test_bus_${port}:notifications`;
    // The publisher reaches Redis through a relay the test cuts: Redis itself stays up, so the test's
    // listener is subscribed before the publisher can reach it again (a real restart races the two).
    const relay = await startTcpCut(port);
    const publisher = await createNotificationBus({
      redisUrl: `redis://127.0.0.1:${relay.port}`,
      prefix: `hiraku_test_bus_${port}:`,
      logger: createLogger('silent'),
    });
    buses.push(publisher);
    const listener = new Redis(redis.url);
    const received: unknown[] = [];
    // A notification as the worker presents it (present.ts).
    const item = { id: 3, kind: 'comment', text: 'コメントがありました', actor: null, actorCount: 1, link: '/reports/5', body: null, read: false, updatedAt: new Date(0).toISOString() } as const;
    const kept: BusMessage = { type: 'notification', userId: 7, eventId: 42, item, unread: 1 };
    listener.on('message', (_from: string, text: string) => received.push(JSON.parse(text)));
    try {
      await relay.cut();
      await expect(publisher.publish(kept)).rejects.toThrow();
      await listener.subscribe(channel);
      expect(received).toEqual([]);

      await relay.join();
      await eventually(async () => received.length > 0, 20_000, 'the kept message');
      expect(received).toEqual([kept]);
    } finally {
      listener.disconnect();
      await relay.close();
    }
  });
});
