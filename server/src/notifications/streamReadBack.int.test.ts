import { randomBytes } from 'node:crypto';
import type { NotificationItem } from '@hiraku/shared';
import { Redis } from 'ioredis';
import { createReport } from '../../test/factories';
import { openEventStream, type OpenStream } from '../../test/support/eventStream';
import { eventually } from '../../test/support/searchOutbox';
import { memberWithSession } from '../../test/support/session';
import { switchedBus } from '../../test/support/switchedBus';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { createLogger } from '../logger';
import { createStreamRegistry, type StreamRegistry } from './streamRegistry';

/**
 * What an open stream reads back when a notification may not have reached it (stream.ts): after the bus
 * lost its connection, from where it was when it lost it, though newer messages come before the resume;
 * and after Redis lost its count (the worker then leaves its member out), from where the registry last held it.
 */
describe('a notification stream reads back what did not reach it', () => {
  const apps: TestApp[] = [];
  const streams: OpenStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  const started = async (options: Parameters<typeof startTestApp>[0]) => {
    const app = await startTestApp({ fanOut: true, ...options });
    apps.push(app);
    return app;
  };
  const stream = async (client: Parameters<typeof openEventStream>[0]) => {
    const opened = await openEventStream(client);
    streams.push(opened);
    await opened.next('unread');
    return opened;
  };
  /** Each notification the stream wrote, by what it links to. */
  const written = (opened: OpenStream) => opened.events.filter((event) => event.event === 'notification').map((event) => (event.data as NotificationItem).link);

  it('after a bus outage, what was published while it was lost, though a newer one arrived between the reconnection and the resume', async () => {
    const switched = switchedBus();
    const app = await started({ bus: switched.bus });
    const author = await memberWithSession(app);
    const commenter = await memberWithSession(app);
    const [during, after] = [await createReport({ author: author.user }), await createReport({ author: author.user })];
    const opened = await stream(author.client);
    const comment = async (articleId: number, text: string) => expect((await commenter.client.post('/api/comments', { articleId, text })).status).toBe(201);

    switched.lose();
    await comment(during.id, '接続が切れている間のコメントです。');
    await eventually(async () => switched.missed.some((message) => message.type === 'notification' && message.userId === author.user.id), 10_000, 'the worker to publish into the outage');
    switched.reconnect();
    await comment(after.id, '再接続の直後のコメントです。');
    await opened.next('notification', { timeoutMs: 10_000 });
    expect(written(opened)).toEqual([`/reports/${after.id}`]);

    switched.resume();
    await eventually(async () => written(opened).length === 2, 10_000, 'the missed notification read back');
    expect(written(opened)).toEqual([`/reports/${after.id}`, `/reports/${during.id}`]);
  });

  describe('with a stream registry', () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `hiraku_test_readback_${process.pid}_${randomBytes(4).toString('hex')}:`;
    let redis: Redis;
    let registry: StreamRegistry;
    beforeAll(async () => {
      redis = new Redis(redisUrl);
      registry = await createStreamRegistry({ redisUrl, prefix, staleMs: 60_000, logger: createLogger('silent') });
    });
    afterAll(async () => {
      await registry.close();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it('after Redis lost its count of the stream, what the worker left out meanwhile, at the next heartbeat', async () => {
      const app = await started({ registry, streamHeartbeatMs: 500 });
      const author = await memberWithSession(app);
      const commenter = await memberWithSession(app);
      const report = await createReport({ author: author.user });
      const opened = await stream(author.client);
      await eventually(async () => (await registry.listening([author.user.id]))?.has(author.user.id) === true, 5_000, 'the stream counted');

      // Redis lost the member's streams (as a restart does) while it kept that processes count theirs.
      await redis.del(`${prefix}streams:${author.user.id}:opened`, `${prefix}streams:${author.user.id}:seen`);
      expect(await registry.listening([author.user.id])).toEqual(new Set());
      expect((await commenter.client.post('/api/comments', { articleId: report.id, text: '数えられていない間のコメントです。' })).status).toBe(201);

      await eventually(async () => written(opened).length === 1, 10_000, 'the notification read back once the stream is counted again');
      expect(written(opened)).toEqual([`/reports/${report.id}`]);
      expect(await registry.listening([author.user.id])).toEqual(new Set([author.user.id]));
    });
  });
});
