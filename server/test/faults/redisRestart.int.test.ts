import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@hiraku/search';
import type { NotificationItem } from '@hiraku/shared';
import { Op } from 'sequelize';
import { createReport } from '../factories';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { openEventStream, type OpenStream } from '../support/eventStream';
import { createHttpClient, type HttpClient } from '../support/httpClient';
import { eventually } from '../support/searchOutbox';
import { startRedisServer, type RedisServer } from '../support/redisServer';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { createMemberWithPassword, logIn } from '../support/session';

jest.setTimeout(240_000);

/**
 * Redis (the bus between the processes) goes away and comes back while a member's stream is open on one
 * API process, a comment is written through the other and the worker process makes its notification
 * (issue 34): the stream gets it once Redis is back, once, and live delivery carries on.
 */
describe('a notification made while Redis is down reaches the stream held open across the restart', () => {
  let db: TestDatabase;
  let dataDir: string;
  let redisPort: number;
  let redis: RedisServer;
  const processes: ServerProcess[] = [];
  const apiUrls: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-redis-restart-'));
    redisPort = await findFreePort();
    redis = await startRedisServer(redisPort);
    const env = (role: 'api' | 'worker', port = 0): Record<string, string> => ({
      NODE_ENV: 'test',
      HIRAKU_ROLE: role,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      MEILI_HOST: process.env.TEST_MEILI_HOST ?? '',
      MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY ?? '',
      MEILI_INDEX_PREFIX: `redisrestart${process.pid}_`,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `hiraku_test_redis_restart_${randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_FACTOR: '100',
      LOG_LEVEL: 'warn',
    });
    // One secret for all: a session signed in through one API process is good on the other.
    const shared = env('api');
    for (const port of [await findFreePort(), await findFreePort()]) {
      apiUrls.push(`http://127.0.0.1:${port}`);
      processes.push(startServerProcess({ ...shared, PORT: String(port) }, `api on ${port}`));
    }
    processes.push(startServerProcess({ ...shared, HIRAKU_ROLE: 'worker', PORT: '0' }, 'worker'));
    await Promise.all([...processes.slice(0, 2).map((api) => api.waitFor(/ひらく の APIを起動しました/)), processes[2]!.waitFor(/ひらく のワーカーを起動しました/)]);
  });

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await redis?.stop();
    await db?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const comment = (client: HttpClient, reportId: number, text: string) => client.post('/api/comments', { articleId: reportId, text });

  it('misses nothing and writes nothing twice', async () => {
    const author = await createMemberWithPassword();
    const commenter = await createMemberWithPassword();
    const report = await createReport({ author });
    const authorClient = createHttpClient(apiUrls[0]!);
    await logIn(authorClient, author.email, author.password);
    const commenterClient = createHttpClient(apiUrls[1]!);
    await logIn(commenterClient, commenter.email, commenter.password);

    const stream: OpenStream = await openEventStream(authorClient);
    try {
      await stream.next('unread');
      expect((await comment(commenterClient, report.id, '停止前のコメントです。')).status).toBe(201);
      const before = await stream.next('notification', { timeoutMs: 10_000 });

      await redis.stop();
      expect((await comment(commenterClient, report.id, '停止中のコメントです。')).status).toBe(201);
      // The worker made the notification while nothing could carry it.
      await eventually(
        async () => (await db.models.Notification.count({ where: { userId: author.id, eventId: { [Op.gt]: Number(before.id) } } })) === 1,
        30_000,
        'the notification made during the outage',
      );
      expect(stream.events.filter((event) => event.event === 'notification')).toHaveLength(1);

      redis = await startRedisServer(redisPort);
      const resumed = await stream.next('notification', { after: 1, timeoutMs: 30_000 });
      expect((resumed.data as NotificationItem).kind).toBe('comment');

      expect((await comment(commenterClient, report.id, '再開後のコメントです。')).status).toBe(201);
      const live = await stream.next('notification', { after: 2, timeoutMs: 10_000 });
      const ids = stream.events.filter((event) => event.event === 'notification').map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(Number(live.id)).toBeGreaterThan(Number(resumed.id));
    } finally {
      stream.close();
    }
  });
});
