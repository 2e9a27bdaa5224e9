import { SORT_OPTIONS, TEXTS, type ReportMutationResponse } from '@hiraku/shared';
import { searchableText } from '@hiraku/search';
import { QueryTypes } from 'sequelize';
import { createSearchOutboxWorker } from '../../src/jobs/searchOutboxWorker';
import { startOutboxRunner, type OutboxRunner } from '../../src/jobs/outboxRunner';
import { createLogger } from '../../src/logger';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import { createRandom, hashText, type Random } from '../../src/seed/demo/random';
import type { HttpClient } from '../support/httpClient';
import { startOwnMariadb, type OwnMariadb } from '../support/ownMariadb';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../support/reports';
import { eventually, indexedDocuments, listedIds } from '../support/searchOutbox';
import { memberWithSession } from '../support/session';
import { startTestApp, type TestApp } from '../support/testApp';
import { formatSummary, TrafficLog, type Answer } from '../support/traffic';
import { WriteLedger } from '../support/writeLedger';

/** As the issue asks: the database gone for 20 s while members keep using the site. */
const OUTAGE_MS = 20_000;
const MEMBERS = 10;
/** A member's pause between two calls, so the outage is not a tight loop of instant 503s. */
const THINK_MS = 150;
const RECOVERY_DEADLINE_MS = 90_000;
/** After the database is back, each member must get this many 2xx in a row. */
const SUCCESSES_AFTER_RECOVERY = 5;

jest.setTimeout(300_000);

interface Member {
  index: number;
  userId: number;
  client: HttpClient;
  random: Random;
  /** Own reports the member may still edit or delete (acknowledged creations not yet sent for deletion). */
  own: number[];
  written: number;
}

/**
 * The database dies under traffic (SIGKILL of a MariaDB server of the test's own; the machine's shared
 * server is never touched) and comes back 20 s later on the same data folder. Meanwhile every answer is
 * a 503 with the Japanese "try again later", none a 500 and none left hanging; the app serves again
 * without a restart; and every write a member was told had succeeded is in the database afterwards.
 */
describe('the database goes away under traffic and comes back', () => {
  let mariadb: OwnMariadb;
  let app: TestApp;
  let runner: OutboxRunner;
  let tags: SystemTags;
  let targets: number[];
  let members: Member[];
  const log = new TrafficLog();
  const ledger = new WriteLedger();
  /** Sequelize's own console.warn when it cannot roll back (or commit) on a connection the server dropped. */
  let undeterminedTransactions = 0;

  beforeAll(async () => {
    const warn = console.warn.bind(console);
    jest.spyOn(console, 'warn').mockImplementation((message?: unknown, ...rest: unknown[]) => {
      if (typeof message === 'string' && message.includes('We are killing its connection')) undeterminedTransactions += 1;
      else warn(message, ...rest);
    });
    mariadb = await startOwnMariadb();
    // Unexpected errors (a 500) are printed with their stack; the expected 503s log at warn and stay quiet.
    app = await startTestApp({ mysqlServerUrl: mariadb.url, env: { RATE_LIMIT_FACTOR: '100' }, logger: createLogger('error') });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
    runner = startOutboxRunner(createSearchOutboxWorker(app.services), app.services.logger);
    // Reports everyone likes and comments on; their author never deletes them, so no write on them may fail for that.
    const author = await memberWithSession(app);
    targets = [];
    for (const title of ['縄の練習会', '首輪の夜', '鞭の話', 'ろうそくの記録']) {
      const created = await sendReportForm<ReportMutationResponse>(author.client, 'POST', '/api/reports', publishableForm(tags, { title }));
      expect(created.status).toBe(201);
      targets.push(created.body.report._id);
    }
    members = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      const { client, user } = await memberWithSession(app);
      // The anti-forgery cookie is fetched now, while the database answers (GET /api/auth/me sets it).
      expect((await client.get('/api/auth/me')).status).toBe(200);
      members.push({ index, userId: user.id, client, random: createRandom(hashText(`database-outage-${index}`)), own: [], written: 0 });
    }
  }, 180_000);

  afterAll(async () => {
    await runner?.stop();
    // Drops its database on the test's own server, so that server must still run.
    if (mariadb?.running()) await app?.close();
    await mariadb?.destroy();
    jest.restoreAllMocks();
  });

  /** One call of a member, chosen at random: reads, report saves, edits and deletions, likes and comments. */
  async function act(member: Member): Promise<void> {
    const { client, random } = member;
    const call: TrafficLog['call'] = (kind, send) => log.call(kind, send, { actor: member.index });
    const roll = random.next();
    const target = random.pick(targets);
    if (roll < 0.15) {
      await call('feed', (signal) => client.get(`/api/reports/infinite?sort=${random.pick(SORT_OPTIONS)}&limit=10`, { signal }));
    } else if (roll < 0.25) {
      await call('report', (signal) => client.get(`/api/reports/${random.pick([...targets, ...member.own])}`, { signal }));
    } else if (roll < 0.32) {
      await call('comments', (signal) => client.get(`/api/comments?articleId=${target}`, { signal }));
    } else if (roll < 0.4) {
      await call('search', (signal) => client.get(`/api/reports/search/advanced?${new URLSearchParams({ query: random.pick(['縄', '首輪', '練習']), limit: '10' })}`, { signal }));
    } else if (roll < 0.55 || member.own.length === 0) {
      member.written += 1;
      const title = `障害${member.index}-${member.written}`;
      const answer = await call('create', (signal) =>
        sendReportForm<ReportMutationResponse>(client, 'POST', '/api/reports', publishableForm(tags, { title }), undefined, { signal }),
      );
      if (answer.status === 201) {
        member.own.push(answer.body.report._id);
        ledger.acknowledged(`report ${answer.body.report._id}`, title);
      }
    } else if (roll < 0.68) {
      const id = random.pick(member.own);
      member.written += 1;
      const title = `障害${member.index}-${member.written}改`;
      const settle = ledger.attempt(`report ${id}`, title);
      settle((await call('update', (signal) => sendReportForm(client, 'PUT', `/api/reports/${id}`, publishableForm(tags, { title }), undefined, { signal }))).status);
    } else if (roll < 0.72) {
      const id = random.pick(member.own);
      // Never touched again, whatever the answer: a delete that got no answer may or may not have happened.
      member.own = member.own.filter((own) => own !== id);
      const settle = ledger.attempt(`report ${id}`, null);
      settle((await call('delete', (signal) => client.delete(`/api/reports/${id}`, undefined, { signal }))).status);
    } else if (roll < 0.88) {
      const liked = random.chance(0.6);
      const settle = ledger.attempt(`like ${member.index} ${target}`, liked, false);
      settle((await call('like', (signal) => client.post(`/api/likes/${target}/toggle`, { liked }, { signal }))).status);
    } else {
      member.written += 1;
      const text = `障害中のコメント ${member.index}-${member.written}`;
      const settle = ledger.attempt(`comment ${text}`, true, false);
      settle((await call('comment', (signal) => client.post('/api/comments', { articleId: target, text }, { signal }))).status);
    }
  }

  it('answers 503 in Japanese while it is down, recovers without a restart and loses no acknowledged write', async () => {
    let stopping = false;
    const loops = members.map(async (member) => {
      while (!stopping) {
        await act(member);
        await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + member.random.next())));
      }
    });
    try {
      // Traffic first runs against a healthy database for a while.
      await eventually(async () => log.answers.length >= 80, 60_000, 'traffic before the outage');

      const killedAt = Date.now();
      const how = await mariadb.kill('SIGKILL');
      const goneAt = Date.now();
      expect(how).toBe('signal SIGKILL');
      // The outage itself: traffic goes on for its whole length.
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      const restartAt = Date.now();
      await mariadb.start();
      const backAt = Date.now();

      // Every member gets SUCCESSES_AFTER_RECOVERY answers in a row of 2xx, on the same app process.
      await eventually(
        async () => members.every((member) => trailingSuccesses(member.index, backAt) >= SUCCESSES_AFTER_RECOVERY),
        RECOVERY_DEADLINE_MS,
        'every member served again after the database came back',
      );
      stopping = true;
      await Promise.all(loops);

      const before = log.answers.filter((answer) => answer.endedAt < killedAt);
      const during = log.answers.filter((answer) => answer.startedAt >= goneAt && answer.endedAt <= restartAt);
      const recovered = firstSuccessAfter(backAt);
      const after = log.answers.filter((answer) => answer.startedAt >= recovered);

      // No answer was a 500, none was left hanging, and every 5xx was the 503 in Japanese.
      expect(log.answers.filter((answer) => answer.status === 0 || (answer.status >= 500 && !isServiceUnavailable(answer)))).toEqual([]);
      expect(before.filter((answer) => !isSuccess(answer))).toEqual([]);
      expect(during.length).toBeGreaterThanOrEqual(50);
      expect(new Set(during.map((answer) => answer.kind)).size).toBeGreaterThanOrEqual(6);
      expect(during.filter((answer) => !isServiceUnavailable(answer))).toEqual([]);
      expect(after.filter((answer) => !isSuccess(answer))).toEqual([]);

      // Every acknowledged write is there (a write that got a 503 may or may not have been committed).
      const lost = await ledger.mismatches((key) => readBack(key));
      expect(lost).toEqual([]);
      await expectCountersMatchRows();
      // The search worker came back too: the index holds exactly the visible reports, with their last titles.
      await eventually(indexMatchesDatabase, 60_000, 'the search index caught up with the database');

      const writes = log.answers.filter((answer) => ['create', 'update', 'delete', 'like', 'comment'].includes(answer.kind));
      console.info(
        [
          formatSummary('database outage', log.summary()),
          `  fault: mariadbd SIGKILL, down ${restartAt - goneAt} ms, back (accepting connections) ${backAt - restartAt} ms later, first 2xx ${recovered - backAt} ms after that`,
          `  during the outage: ${during.length} answers, all 503 service_unavailable (${[...new Set(during.map((a) => a.kind))].join(', ')})`,
          `  writes: ${writes.length} sent, ${writes.filter(isSuccess).length} acknowledged, ${ledger.size()} rows checked, acknowledged writes lost: ${lost.length}`,
          `  transactions cut off by the crash (Sequelize could not roll back or commit): ${undeterminedTransactions}`,
        ].join('\n'),
      );
    } finally {
      stopping = true;
      await Promise.all(loops);
    }

    function trailingSuccesses(index: number, since: number): number {
      const mine = log.answers.filter((answer) => answer.startedAt >= since && answer.actor === index);
      let count = 0;
      for (let i = mine.length - 1; i >= 0 && isSuccess(mine[i]!); i -= 1) count += 1;
      return count;
    }
  });

  function firstSuccessAfter(since: number): number {
    const first = log.answers.filter((answer) => answer.startedAt >= since && isSuccess(answer)).sort((a, b) => a.startedAt - b.startedAt)[0];
    if (!first) throw new Error('no success after the database came back');
    return first.startedAt;
  }

  /** What the database holds now for a ledger key. */
  async function readBack(key: string): Promise<unknown> {
    const { Report, Like, Comment } = app.services.models;
    const [kind, ...rest] = key.split(' ');
    if (kind === 'report') return (await Report.findByPk(Number(rest[0])))?.title ?? null;
    if (kind === 'like') {
      const [memberIndex, reportId] = rest.map(Number);
      const userId = members[memberIndex!]?.userId;
      return (await Like.count({ where: { userId, reportId } })) === 1;
    }
    if (kind === 'comment') return (await Comment.count({ where: { text: key.slice('comment '.length) } })) === 1;
    throw new Error(`unknown ledger key ${key}`);
  }

  async function expectCountersMatchRows(): Promise<void> {
    const drift = await app.services.sequelize.query<{ id: number }>(
      `SELECT r.id FROM reports r
        WHERE r.like_count <> (SELECT COUNT(*) FROM likes l WHERE l.report_id = r.id)
           OR r.comment_count <> (SELECT COUNT(*) FROM comments c WHERE c.report_id = r.id AND c.hidden_at IS NULL)`,
      { type: QueryTypes.SELECT },
    );
    expect(drift).toEqual([]);
  }

  async function indexMatchesDatabase(): Promise<boolean> {
    const documents = await indexedDocuments(app.services.search);
    const listed = await app.services.models.Report.findAll({ where: { id: await listedIds(app.services.models) }, order: [['id', 'ASC']] });
    return JSON.stringify(documents.map((d) => [d.id, d.title])) === JSON.stringify(listed.map((r) => [r.id, searchableText(r.title)]));
  }
});

function isSuccess(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

function isServiceUnavailable(answer: Answer): boolean {
  const body = answer.body as { error?: unknown; message?: unknown } | undefined;
  return answer.status === 503 && body?.error === 'service_unavailable' && body.message === TEXTS.common.serviceUnavailable;
}
