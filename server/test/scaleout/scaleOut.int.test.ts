import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@hiraku/search';
import { COOKIE_NAMES, RATE_RULES, LIMITS, TEXTS, XSRF_HEADER, type ReportMutationResponse, type SessionUser } from '@hiraku/shared';
import { Redis } from 'ioredis';
import { createSearchService, type SearchService } from '../../src/search/searchService';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { createReport } from '../factories';
import { openEventStream } from '../support/eventStream';
import { createHttpClient } from '../support/httpClient';
import { readMailbox } from '../support/mailbox';
import { findNginx, startNginx, type RunningNginx } from '../support/nginx';
import { publishableForm, sendReportForm, systemTags } from '../support/reports';
import { eventually, indexedIds } from '../support/searchOutbox';
import { deploymentProcessEnv, runCli, startServerProcess, type ServerProcess } from '../support/serverProcess';
import { createMemberWithPassword, logIn } from '../support/session';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtpServer';

/** nginx connects to the API processes from here; the test's clients connect from other loopback addresses. */
const NGINX_ADDRESS = '127.0.0.2';
const CLIENT_A = '127.0.0.3';
const CLIENT_B = '127.0.0.4';
const nginxBinary = findNginx();

/**
 * The deployment of README's "Deployment" on one machine: the release step migrates, two API processes
 * (HIRAKU_ROLE=api) behind nginx (Debian's package, when installed; otherwise the test alternates
 * between the processes itself), one worker process (HIRAKU_ROLE=worker), sharing MariaDB, Meilisearch
 * and Redis. Every process is a real `server/src/main.ts` started as production starts it.
 */
describe(`scale-out: two API processes${nginxBinary ? ' behind nginx' : ''} and a worker process`, () => {
  let db: TestDatabase;
  let dataDir: string;
  let mailboxDir: string;
  let smtp: TestSmtpServer;
  let redis: Redis;
  let search: SearchService;
  const redisPrefix = `hiraku_test_scaleout_${process.pid}_${randomBytes(4).toString('hex')}:`;
  const indexPrefix = `scaleout${process.pid}_${randomBytes(3).toString('hex')}_`;
  const sessionSecret = randomBytes(32).toString('hex');
  const apis: ServerProcess[] = [];
  let apiUrls: string[] = [];
  let worker: ServerProcess | undefined;
  let nginx: RunningNginx | undefined;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-scaleout-'));
    mailboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-scaleout-mail-'));
    smtp = await startTestSmtpServer(mailboxDir);
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((error: unknown) => {
      throw new Error(`Redis (${redisUrl}) に接続できません。起動するか TEST_REDIS_URL を設定してください: ${String(error)}`);
    });
    const host = process.env.TEST_MEILI_HOST;
    if (!host) throw new Error('TEST_MEILI_HOST is not set');
    search = createSearchService({ host, apiKey: process.env.TEST_MEILI_KEY, indexPrefix });
  });

  afterAll(async () => {
    await worker?.stop();
    await Promise.all(apis.map((api) => api.stop()));
    await nginx?.stop();
    await smtp?.stop();
    if (redis) {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await search?.client.deleteIndex(search.reportsIndexUid).waitTask().catch(() => undefined);
    await db?.drop();
    for (const dir of [dataDir, mailboxDir]) if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  /** What every process of the deployment shares; each role adds its own. */
  const envFor = (role: 'all' | 'api' | 'worker', port = 0) =>
    deploymentProcessEnv(
      { dataDir, databaseUrl: db.url, indexPrefix, redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix, sessionSecret },
      role,
      port,
      // The primary as its own replica: the API processes' reads go through Sequelize's replication pools.
      { DATABASE_READ_URLS: role === 'api' ? db.url : '', SMTP_URL: smtp.url, TRUSTED_PROXIES: NGINX_ADDRESS },
    );

  /** Where request `i` goes: nginx (which takes turns itself), or the API processes in turn. */
  const front = (i: number, pathname: string) => `${nginx ? nginx.url : apiUrls[i % apiUrls.length]}${pathname}`;
  const processIds = () => new Set(apis.map((api) => `${os.hostname()}:${api.pid}`));
  const answeredBy = (headers: Headers | http.IncomingHttpHeaders) =>
    String(headers instanceof Headers ? headers.get('x-hiraku-process') : headers['x-hiraku-process']);

  it('starts API and worker processes only once the release step has migrated the database, which they never touch', async () => {
    const behind = /データベースのスキーマがこのバージョンより古いため起動できません（未適用のマイグレーション: 0001-users-auth, .*npm run cli -- migrate/;
    const refusedApi = startServerProcess(envFor('api', await findFreePort()), 'api before the release');
    const refusedWorker = startServerProcess(envFor('worker'), 'worker before the release');
    expect(await refusedApi.exited).toBe(1);
    expect(await refusedWorker.exited).toBe(1);
    expect(refusedApi.output()).toMatch(behind);
    expect(refusedWorker.output()).toMatch(behind);
    expect(await db.sequelize.getQueryInterface().showAllTables()).toEqual([]);

    const release = await runCli(['migrate'], envFor('all'));
    expect(release).toMatchObject({ code: 0 });
    expect(release.output).toMatch(/適用しました: 0001-users-auth/);
    expect(release.output).toMatch(/組み込みのカテゴリ 6 件/);

    const ports = [await findFreePort(), await findFreePort()];
    apiUrls = ports.map((port) => `http://127.0.0.1:${port}`);
    for (const port of ports) apis.push(startServerProcess(envFor('api', port), `api on ${port}`));
    await Promise.all(apis.map((api) => api.waitFor(/ひらく の APIを起動しました/)));
    if (nginxBinary) nginx = await startNginx(nginxBinary, { port: await findFreePort(), upstreams: ports.map((port) => `127.0.0.1:${port}`), bindAddress: NGINX_ADDRESS });

    const health = await fetch(front(0, '/api/health'));
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', search: 'ok' });
  }, 240_000);

  it('keeps a member signed in whichever process answers, and a logout on one ends the session on the other', async () => {
    const member = await createMemberWithPassword();
    const client = createHttpClient(front(0, ''));
    const session = await logIn(client, member.email, member.password);
    const answered = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const me = await client.get<SessionUser>(front(i, '/api/auth/me'));
      expect(me.status).toBe(200);
      expect(me.body.publicId).toBe(session.publicId);
      answered.add(answeredBy(me.headers));
    }
    expect(answered).toEqual(processIds());

    const stolen = client.clone();
    const logout = await client.post(front(0, '/api/auth/logout'));
    expect(logout.status).toBe(200);
    const loggedOutBy = answeredBy(logout.headers);
    // The old cookies, through whichever process did not log out (nginx takes turns; keep asking until the other answers).
    const other = await untilOtherProcess(loggedOutBy, (i) => stolen.get(front(i + 1, '/api/auth/me')));
    expect(other.status).toBe(401);
  });

  it('counts per-address limits and failed logins in Redis for both processes, by the address nginx saw', async () => {
    const forgot = (from: string, i: number) =>
      requestFrom(from, front(i, '/api/password-reset/forgot-password'), 'POST', { email: 'someone@example.com' }, { 'x-forwarded-for': '198.51.100.7' });
    const limit = RATE_RULES.forgotPassword.limit;
    const allowed: RawAnswer[] = [];
    for (let i = 0; i < limit; i += 1) allowed.push(await forgot(CLIENT_A, i));
    expect(allowed.map((res) => res.status)).toEqual(Array.from({ length: limit }, () => 200));
    expect(new Set(allowed.map((res) => answeredBy(res.headers)))).toEqual(processIds());
    const refused = [await forgot(CLIENT_A, limit), await forgot(CLIENT_A, limit + 1)];
    expect(refused.map((res) => res.status)).toEqual([429, 429]);
    expect(refused.map((res) => res.body)).toEqual(Array.from({ length: 2 }, () => ({ error: 'rate_limited', message: TEXTS.common.tooManyRequests })));
    expect(new Set(refused.map((res) => answeredBy(res.headers)))).toEqual(processIds());
    // Another client behind the same nginx has a budget of its own: the limit counts clients, not the proxy.
    expect((await forgot(CLIENT_B, 0)).status).toBe(200);

    const member = await createMemberWithPassword();
    const login = (from: string, i: number, password: string) => requestFrom(from, front(i, '/api/auth/login'), 'POST', { email: member.email, password });
    const failures: RawAnswer[] = [];
    for (let i = 0; i < LIMITS.failedLoginsToLock; i += 1) failures.push(await login(CLIENT_A, i, `wrong-password-${i}`));
    // The last failure, counted together with those the other process saw, locks the pair.
    expect(failures.map((res) => res.status)).toEqual([...Array.from({ length: LIMITS.failedLoginsToLock - 1 }, () => 401), 403]);
    expect(new Set(failures.map((res) => answeredBy(res.headers)))).toEqual(processIds());
    const locked = [await login(CLIENT_A, 0, member.password), await login(CLIENT_A, 1, member.password)];
    expect(locked.map((res) => res.status)).toEqual([403, 403]);
    expect(locked.map((res) => res.body)).toEqual(Array.from({ length: 2 }, () => expect.objectContaining({ error: 'account_locked' })));
    expect(new Set(locked.map((res) => answeredBy(res.headers)))).toEqual(processIds());
    expect((await login(CLIENT_B, 0, member.password)).status).toBe(200);
  });

  it('leaves outbox rows written through both processes to the worker, which sends and indexes each exactly once', async () => {
    const answered = new Set<string>();
    const newcomers = ['scaleout-a@example.com', 'scaleout-b@example.com', 'scaleout-c@example.com', 'scaleout-d@example.com'];
    const visitor = createHttpClient(front(0, ''));
    for (const [i, email] of newcomers.entries()) {
      const res = await visitor.post(front(i, '/api/signup'), { email, password: 'nawa-to-rousoku-2024', agreedToTerms: true });
      expect(res.status).toBe(201);
      answered.add(answeredBy(res.headers));
    }
    const tags = await systemTags(db.models);
    const author = await createMemberWithPassword();
    const client = createHttpClient(front(0, ''));
    await logIn(client, author.email, author.password);
    const reportIds: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = await sendReportForm<ReportMutationResponse>(client, 'POST', front(i, '/api/reports'), publishableForm(tags, { title: `縄の練習 ${i}` }));
      expect(created.status).toBe(201);
      reportIds.push(created.body.report._id);
    }
    expect(answered).toEqual(processIds());

    // No API process runs a worker: every row is still there, never claimed nor tried.
    const mails = await db.models.MailOutboxEntry.findAll();
    const searchRows = await db.models.SearchOutboxEntry.findAll();
    expect(mails.map((row) => row.recipient).sort()).toEqual([...newcomers].sort());
    expect(searchRows.map((row) => Number(row.aggregateId)).sort((a, b) => a - b)).toEqual(reportIds);
    expect([...mails, ...searchRows].every((row) => row.attempts === 0 && row.lockedBy === null)).toBe(true);

    worker = startServerProcess(envFor('worker'), 'worker');
    await worker.waitFor(/ひらく のワーカーを起動しました/);
    await eventually(
      async () => (await db.models.MailOutboxEntry.count()) + (await db.models.SearchOutboxEntry.count()) === 0,
      60_000,
      'both outboxes drained by the worker',
    );
    const received = await readMailbox(mailboxDir);
    for (const email of newcomers) expect(received.filter((mail) => mail.to === email)).toHaveLength(1);
    expect(received).toHaveLength(newcomers.length);

    expect(await indexedIds(search)).toEqual(reportIds);
    // One row per report, so exactly-once means as many documents sent to Meilisearch as reports written.
    const tasks = await search.client.tasks.getTasks({ indexUids: [search.reportsIndexUid], types: ['documentAdditionOrUpdate'], limit: 1000 });
    expect(tasks.results.reduce((sum, task) => sum + (task.details?.receivedDocuments ?? 0), 0)).toBe(reportIds.length);
  }, 120_000);

  it('brings a like handled by one API process to the author\'s stream held by the other, through Redis (and through nginx unbuffered)', async () => {
    const author = await createMemberWithPassword();
    const liker = await createMemberWithPassword();
    const report = await createReport({ author });
    const authorClient = createHttpClient(apiUrls[0] ?? '');
    await logIn(authorClient, author.email, author.password);
    const likerClient = createHttpClient(apiUrls[1] ?? '');
    await logIn(likerClient, liker.email, liker.password);

    const held = await openEventStream(authorClient, `${apiUrls[0]}/api/notifications/stream`);
    const viaNginx = nginx ? await openEventStream(authorClient, `${nginx.url}/api/notifications/stream`) : null;
    try {
      await held.next('unread');
      await viaNginx?.next('unread');
      const liked = await likerClient.post(`${apiUrls[1]}/api/likes/${report.id}/toggle`, { liked: true });
      expect(liked.status).toBe(200);
      // The like's process, the stream's process and the worker that made the notification are three.
      expect(answeredBy(liked.headers)).not.toBe(answeredBy(held.headers));
      const event = await held.next('notification', { timeoutMs: 10_000 });
      expect(event.data).toMatchObject({ kind: 'likes', actorCount: 1, actor: { publicId: liker.publicId }, link: `/reports/${report.id}` });
      expect((await held.next('unread', { after: 1 })).data).toEqual({ count: 1 });
      if (viaNginx) expect((await viaNginx.next('notification', { timeoutMs: 10_000 })).data).toMatchObject({ kind: 'likes' });
    } finally {
      held.close();
      viaNginx?.close();
    }
  }, 60_000);

  it('tells live only members with a stream open anywhere (the worker asks the stream registry); a member away reads theirs on coming back', async () => {
    const listener = await createMemberWithPassword();
    const away = await createMemberWithPassword();
    const liker = await createMemberWithPassword();
    const [listened, unwatched] = [await createReport({ author: listener }), await createReport({ author: away })];
    const [listenerClient, awayClient, likerClient] = [createHttpClient(apiUrls[0] ?? ''), createHttpClient(apiUrls[1] ?? ''), createHttpClient(apiUrls[1] ?? '')];
    await logIn(listenerClient, listener.email, listener.password);
    await logIn(awayClient, away.email, away.password);
    await logIn(likerClient, liker.email, liker.password);
    // What the worker publishes for these two, read off the bus's channel itself.
    const channel = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const told: number[] = [];
    channel.on('message', (_from: string, text: string) => {
      const message = JSON.parse(text) as { type?: string; userId?: number };
      if (message.type === 'notification' && (message.userId === listener.id || message.userId === away.id)) told.push(message.userId);
    });
    await channel.subscribe(`${redisPrefix}notifications`);
    const held = await openEventStream(listenerClient, `${apiUrls[0]}/api/notifications/stream`);
    try {
      await held.next('unread');
      // The member away first: rounds run one after another, so theirs was handled when the listener's arrives.
      expect((await likerClient.post(`${apiUrls[1]}/api/likes/${unwatched.id}/toggle`, { liked: true })).status).toBe(200);
      expect((await likerClient.post(`${apiUrls[1]}/api/likes/${listened.id}/toggle`, { liked: true })).status).toBe(200);
      expect((await held.next('notification', { timeoutMs: 10_000 })).data).toMatchObject({ kind: 'likes', link: `/reports/${listened.id}` });
      await eventually(async () => told.length > 0, 5_000, "the listener's message on the channel");
      expect(told).toEqual([listener.id]);
      // Made all the same: the member away finds it in the count their stream starts with, and in the list.
      const later = await openEventStream(awayClient, `${apiUrls[1]}/api/notifications/stream`);
      try {
        expect((await later.next('unread')).data).toEqual({ count: 1 });
      } finally {
        later.close();
      }
      const list = await awayClient.get<{ items: Array<{ kind: string; link: string }> }>(`${apiUrls[1]}/api/notifications`);
      expect(list.body.items).toMatchObject([{ kind: 'likes', link: `/reports/${unwatched.id}` }]);
    } finally {
      held.close();
      await channel.quit();
    }
  }, 60_000);

  it("brings a case a flag opened on one API process to an operator's stream held by the other (the desktop app's badge)", async () => {
    const operator = await createMemberWithPassword({ role: 'operator' });
    const flagger = await createMemberWithPassword();
    const report = await createReport();
    const operatorClient = createHttpClient(apiUrls[0] ?? '');
    await logIn(operatorClient, operator.email, operator.password);
    const flaggerClient = createHttpClient(apiUrls[1] ?? '');
    await logIn(flaggerClient, flagger.email, flagger.password);

    const held = await openEventStream(operatorClient, `${apiUrls[0]}/api/notifications/stream`);
    try {
      await held.next('unread');
      const flagged = await flaggerClient.post(`${apiUrls[1]}/api/flags`, { targetType: 'report', targetId: String(report.id), category: 'minor' });
      expect(flagged.status).toBe(200);
      expect(answeredBy(flagged.headers)).not.toBe(answeredBy(held.headers));
      const event = await held.next('case', { timeoutMs: 10_000 });
      expect(event.data).toMatchObject({ change: 'opened', severe: true, counts: { severeOpen: expect.any(Number) } });
    } finally {
      held.close();
    }
  }, 60_000);
});

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * A JSON request from a chosen loopback address (fetch cannot choose), with a made-up anti-forgery token
 * sent as cookie and header, as the double-submit check wants.
 */
function requestFrom(localAddress: string, url: string, method: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const token = randomBytes(16).toString('hex');
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        localAddress,
        agent: false,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: `${COOKIE_NAMES.xsrf}=${token}`,
          [XSRF_HEADER]: token,
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Repeats `request` until a process other than `processId` answers it (at most a few times). */
async function untilOtherProcess<T extends { headers: Headers }>(processId: string, request: (i: number) => Promise<T>): Promise<T> {
  for (let i = 0; i < 6; i += 1) {
    const res = await request(i);
    if (res.headers.get('x-hiraku-process') !== processId) return res;
  }
  throw new Error(`only ${processId} answered`);
}
