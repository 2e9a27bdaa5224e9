import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@hiraku/search';
import type { ReportPage } from '@hiraku/shared';
import { Redis } from 'ioredis';
import type { Report } from '../../src/models';
import { createReport, createUser, type UserWithProfile } from '../factories';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createHttpClient, type HttpClient } from '../support/httpClient';
import { deploymentProcessEnv, runCli, startServerProcess, type ServerProcess } from '../support/serverProcess';
import { createMemberWithPassword, logIn } from '../support/session';

/** How soon a write through one API process must be gone from the other's answers (issue 33). */
const FRESH_WITHIN_MS = 200;

/**
 * Two API processes (HIRAKU_ROLE=api) on one MariaDB and Redis, each a real `server/src/main.ts`: a hide
 * and a block made through the first are not served by the second after 200 ms, although the second
 * had the feed page and the member's relations in its caches (read just before, within their second of
 * life). The change travels on the Redis bus (cache/invalidation.ts); before issue 33 the second served
 * the old page until its cache's time ran out. The processes are addressed directly, so which one
 * answers is certain.
 */
describe('scale-out: cached answers follow a write made through another API process', () => {
  let db: TestDatabase;
  let dataDir: string;
  let redis: Redis;
  const redisPrefix = `hiraku_test_cachefresh_${process.pid}_${randomBytes(4).toString('hex')}:`;
  const indexPrefix = `cachefresh${process.pid}_${randomBytes(3).toString('hex')}_`;
  const sessionSecret = randomBytes(32).toString('hex');
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const apis: ServerProcess[] = [];
  let urls: [string, string];
  /** Made before any process reads a page: rows written by the test itself are announced to no process. */
  let hideCase: { reports: Report[] };
  let blockCase: { author: UserWithProfile & { password: string }; report: Report };

  const envFor = (role: 'all' | 'api', port = 0) =>
    deploymentProcessEnv({ dataDir, databaseUrl: db.url, indexPrefix, redisUrl, redisPrefix, sessionSecret }, role, port);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-cachefresh-'));
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    expect(await runCli(['migrate'], envFor('all'))).toMatchObject({ code: 0 });
    const ports = [await findFreePort(), await findFreePort()];
    urls = [`http://127.0.0.1:${ports[0]}`, `http://127.0.0.1:${ports[1]}`];
    for (const port of ports) apis.push(startServerProcess(envFor('api', port), `api on ${port}`));
    await Promise.all(apis.map((api) => api.waitFor(/ひらく の APIを起動しました/)));
    const author = await createUser();
    hideCase = { reports: [await createReport({ author, title: '縄の記録' }), await createReport({ author, title: '縄の記録 2' })] };
    const blocked = await createMemberWithPassword();
    blockCase = { author: blocked, report: await createReport({ author: blocked, title: '首輪の記録' }) };
  }, 240_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    if (redis) {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    if (process.env.TEST_MEILI_HOST) {
      const { createSearchService } = await import('../../src/search/searchService');
      const search = createSearchService({ host: process.env.TEST_MEILI_HOST, apiKey: process.env.TEST_MEILI_KEY, indexPrefix });
      await search.client.deleteIndex(search.reportsIndexUid).waitTask().catch(() => undefined);
    }
    await db?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A member signed in (sessions are shared: either process accepts the cookies). */
  async function signedIn(overrides: Parameters<typeof createMemberWithPassword>[0] = {}): Promise<HttpClient> {
    const member = await createMemberWithPassword(overrides);
    const client = createHttpClient(urls[0]);
    await logIn(client, member.email, member.password);
    return client;
  }

  /** The ids of the first feed page as process `at` answers it for `client`. */
  async function feedIds(client: HttpClient, at: string, limit = 20): Promise<number[]> {
    const res = await client.get<ReportPage>(`${at}/api/reports/infinite?sort=new&limit=${limit}`);
    expect(res.status).toBe(200);
    return res.body.data.map((card) => card._id);
  }

  /** Asks until `done` holds, for at most FRESH_WITHIN_MS after `since`; answers whether it held in time. */
  async function heldWithin(since: number, done: () => Promise<boolean>): Promise<{ held: boolean; afterMs: number }> {
    for (;;) {
      const held = await done();
      const afterMs = Date.now() - since;
      if (held || afterMs > FRESH_WITHIN_MS) return { held, afterMs };
    }
  }

  it('does not serve a report hidden through the other process after 200 ms', async () => {
    const { reports } = hideCase;
    const hidden = reports[1]?.id as number;
    const reader = await signedIn();
    const operator = await signedIn({ role: 'operator' });
    // The second process holds the page with the report (and the first too).
    expect(await feedIds(reader, urls[0])).toContain(hidden);
    expect(await feedIds(reader, urls[1])).toContain(hidden);

    const hide = await operator.post(`${urls[0]}/api/moderation/reports/${hidden}/hide`, { reason: '確認のため' });
    expect(hide.status).toBe(200);
    const since = Date.now();
    const outcome = await heldWithin(since, async () => !(await feedIds(reader, urls[1])).includes(hidden));
    expect(outcome).toEqual({ held: true, afterMs: expect.any(Number) });
    // Not hidden by the first process's page either, and the other report stays.
    expect(await feedIds(reader, urls[0])).toEqual(expect.arrayContaining([reports[0]?.id]));
    expect(await feedIds(reader, urls[0])).not.toContain(hidden);
  });

  it("does not serve a blocked member's reports through the other process after 200 ms", async () => {
    const { author, report } = blockCase;
    const reader = await signedIn();
    const onlooker = await signedIn();
    // The second process reads a page no one asked for yet (its own size) for another member, so its
    // second of life has just begun, then serves it to the reader, filtered by the reader's relations,
    // which it keeps (nobody hidden). Without the bus, both would still show the report for most of a second.
    expect(await feedIds(onlooker, urls[1], 19)).toContain(report.id);
    expect(await feedIds(reader, urls[1], 19)).toContain(report.id);

    const block = await reader.post(`${urls[0]}/api/blocks/${author.publicId}`);
    expect(block.status).toBe(200);
    const since = Date.now();
    const outcome = await heldWithin(since, async () => !(await feedIds(reader, urls[1], 19)).includes(report.id));
    expect(outcome).toEqual({ held: true, afterMs: expect.any(Number) });
  });
});
