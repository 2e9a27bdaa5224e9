import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@hiraku/search';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from './db';
import { openEventStream, type OpenStream } from './eventStream';
import { createHttpClient, type HttpClient } from './httpClient';
import { deploymentProcessEnv, runCli, startServerProcess, type ServerProcess } from './serverProcess';
import { createMemberWithPassword, logIn } from './session';

/**
 * A deployment of real processes for the stream tests of test/scaleout: a migrated database, API
 * processes (HIRAKU_ROLE=api) and optionally a worker process (HIRAKU_ROLE=worker), all on `redisUrl`
 * under a prefix of their own. The processes are addressed directly, so which one answers is certain.
 */
export interface StreamDeployment {
  db: TestDatabase;
  /** The API processes' base URLs, in the order they were started. */
  apiUrls: string[];
  apis: ServerProcess[];
  worker: ServerProcess | undefined;
  /** The prefix of the deployment's Redis keys (REDIS_KEY_PREFIX). */
  redisPrefix: string;
  /** A member with a password, signed in through `apiUrls[0]` (sessions are shared: every process accepts them). */
  signedIn(overrides?: Parameters<typeof createMemberWithPassword>[0]): Promise<{ client: HttpClient; user: Awaited<ReturnType<typeof createMemberWithPassword>> }>;
  /** Opens `client`'s notification stream on the process at `apiUrl` and waits for its first `unread`. */
  stream(client: HttpClient, apiUrl: string): Promise<OpenStream>;
  /** Stops the processes, closes the streams, drops the database and the Redis keys. */
  close(): Promise<void>;
}

export async function startStreamDeployment({ name, redisUrl, apiCount = 2, worker = false }: { name: string; redisUrl: string; apiCount?: number; worker?: boolean }): Promise<StreamDeployment> {
  const db = await createTestDatabase({ migrate: false });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hiraku-${name}-`));
  const redisPrefix = `hiraku_test_${name}_${process.pid}_${randomBytes(4).toString('hex')}:`;
  const indexPrefix = `${name}${process.pid}_${randomBytes(3).toString('hex')}_`;
  const sessionSecret = randomBytes(32).toString('hex');
  const envFor = (role: 'all' | 'api' | 'worker', port = 0) => deploymentProcessEnv({ dataDir, databaseUrl: db.url, indexPrefix, redisUrl, redisPrefix, sessionSecret }, role, port);
  const release = await runCli(['migrate'], envFor('all'));
  if (release.code !== 0) throw new Error(`migrate failed:\n${release.output}`);
  const ports: number[] = [];
  for (let index = 0; index < apiCount; index += 1) ports.push(await findFreePort());
  const apis = ports.map((port) => startServerProcess(envFor('api', port), `api on ${port}`));
  const workerProcess = worker ? startServerProcess(envFor('worker'), 'worker') : undefined;
  await Promise.all(apis.map((api) => api.waitFor(/ひらく の APIを起動しました/)));
  await workerProcess?.waitFor(/ひらく のワーカーを起動しました/);
  const apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const streams: ReturnType<typeof openEventStream>[] = [];

  return {
    db,
    apiUrls,
    apis,
    worker: workerProcess,
    redisPrefix,
    async signedIn(overrides = {}) {
      const user = await createMemberWithPassword(overrides);
      const client = createHttpClient(apiUrls[0] as string);
      await logIn(client, user.email, user.password);
      return { client, user };
    },
    async stream(client, apiUrl) {
      const opening = openEventStream(client, `${apiUrl}/api/notifications/stream`);
      streams.push(opening);
      const opened = await opening;
      if (opened.status !== 200) throw new Error(`the stream on ${apiUrl} answered ${opened.status}`);
      await opened.next('unread');
      return opened;
    },
    async close() {
      for (const opening of streams) (await opening.catch(() => null))?.close();
      await workerProcess?.stop();
      await Promise.all(apis.map((api) => api.stop()));
      // The Redis of the test may be gone by now (a test's own, stopped): its keys went with it.
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await redis.connect();
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } catch {
        // Nothing to clean.
      } finally {
        redis.disconnect();
      }
      if (process.env.TEST_MEILI_HOST) {
        const { createSearchService } = await import('../../src/search/searchService');
        const search = createSearchService({ host: process.env.TEST_MEILI_HOST, apiKey: process.env.TEST_MEILI_KEY, indexPrefix });
        await search.client.deleteIndex(search.reportsIndexUid).waitTask().catch(() => undefined);
      }
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
