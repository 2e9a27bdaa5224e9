import { reportsIndexUid, searchReportIds, type ReportSearchDocument, searchableText } from '@hiraku/search';
import { deleteIndexesWithPrefix, uniqueIndexPrefix } from '@hiraku/search/test/support';
import { createReport, createUser } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { drainOutbox, indexedDocuments, indexedIds, listedIds } from '../../test/support/searchOutbox';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import { createLogger } from '../logger';
import type { Report, SearchOutboxEntry } from '../models';
import { createSearchService, type SearchService } from '../search/searchService';
import { createSearchOutboxWorker, type SearchOutboxWorker, type SearchOutboxWorkerOptions } from './searchOutboxWorker';
import { startOutboxRunner } from './outboxRunner';

const logger = createLogger('silent');

describe('search outbox worker', () => {
  let db: TestDatabase;
  let search: SearchService;
  let prefix: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = uniqueIndexPrefix('outboxWorker');
    const host = process.env.TEST_MEILI_HOST;
    if (!host) throw new Error('TEST_MEILI_HOST is not set');
    search = createSearchService({ host, apiKey: process.env.TEST_MEILI_KEY, indexPrefix: prefix });
  });
  afterAll(async () => {
    await deleteIndexesWithPrefix(search.client, prefix).catch(() => undefined);
    await db?.drop();
  });
  beforeEach(async () => {
    await db.models.SearchOutboxEntry.destroy({ where: {} });
  });

  const newWorker = (options: SearchOutboxWorkerOptions = {}) => createSearchOutboxWorker({ models: db.models, search, logger }, options);
  const queue = (reports: Array<Report | number>, operation: 'upsert' | 'delete' = 'upsert') =>
    db.sequelize.transaction((transaction) =>
      enqueueReportSearchSync(db.models, reports.map((r) => (typeof r === 'number' ? r : r.id)), operation, { transaction }),
    );
  const documentOf = async (id: number) => (await indexedDocuments(search)).find((document) => document.id === id);

  it('applies the Japanese index settings before the first documents', async () => {
    await newWorker().drainOnce();
    const settings = await search.client.index(search.reportsIndexUid).getSettings();
    expect(settings.localizedAttributes).toEqual([{ attributePatterns: ['*'], locales: ['jpn'] }]);
    expect(search.reportsIndexUid).toBe(reportsIndexUid(prefix));
  });

  it('applies several rows of one report as one action with the report as it is now, then removes them', async () => {
    const report = await createReport({ title: '最初の題', description: '' });
    await queue([report]);
    await report.update({ title: '直した題' });
    await queue([report]);
    await queue([report]);
    const applied: number[][] = [];
    const worker = newWorker({ onApplied: (entries) => applied.push(entries.map((entry) => entry.id)) });

    const result = await worker.drainOnce();
    expect(result).toMatchObject({ claimed: 3, applied: 3, failed: 0 });
    expect(applied).toHaveLength(1);
    expect(applied[0]).toHaveLength(3);
    expect(await db.models.SearchOutboxEntry.count()).toBe(0);
    expect((await documentOf(report.id))?.title).toBe('直した題');
    const hits = await searchReportIds(search.client, search.reportsIndexUid, { query: '直した題', limit: 10 });
    expect(hits.ids).toContain(report.id);
  });

  it('removes from the index every report that is no longer listed, whatever the row says', async () => {
    const author = await createUser();
    const drafted = await createReport({ author, title: '下書きに戻す' });
    const hidden = await createReport({ author, title: '運営が非表示' });
    const deleted = await createReport({ author, title: '削除する' });
    const suspendedAuthor = await createUser();
    const suspended = await createReport({ author: suspendedAuthor, title: '停止された会員' });
    const kept = await createReport({ author, title: 'そのまま' });
    const all = [drafted, hidden, deleted, suspended, kept];
    const worker = newWorker();
    await queue(all);
    await drainOutbox(worker, db.models);
    expect((await indexedIds(search)).filter((id) => all.some((r) => r.id === id))).toEqual(all.map((r) => r.id));

    await drafted.update({ isDraft: true, listed: false });
    await hidden.update({ hiddenAt: new Date(), listed: false });
    await deleted.destroy();
    await suspendedAuthor.update({ suspendedAt: new Date() });
    // Upsert rows for what must go, and a stray delete row for a report that is still listed.
    await queue([drafted, hidden, deleted, suspended]);
    await queue([kept], 'delete');
    await drainOutbox(worker, db.models);

    const indexed = await indexedIds(search);
    for (const gone of [drafted, hidden, deleted, suspended]) expect(indexed).not.toContain(gone.id);
    expect(indexed).toContain(kept.id);
    expect(indexed).toEqual(await listedIds(db.models));
  });

  it('keeps a row it cannot apply, with the reason, and still applies the others', async () => {
    const report = await createReport({ title: '普通のレポート' });
    await db.models.SearchOutboxEntry.bulkCreate([
      { aggregateType: 'comment', aggregateId: '1', operation: 'upsert', availableAt: new Date() },
      { aggregateType: 'report', aggregateId: '1 OR 1=1', operation: 'delete', availableAt: new Date() },
    ]);
    await queue([report]);
    const result = await newWorker().drainOnce();
    expect(result).toMatchObject({ claimed: 3, applied: 1, failed: 2 });
    expect((await documentOf(report.id))?.title).toBe('普通のレポート');
    const left = await db.models.SearchOutboxEntry.findAll({ order: [['id', 'ASC']] });
    expect(left.map((entry) => [entry.aggregateType, entry.attempts, entry.lockedBy])).toEqual([
      ['comment', 1, null],
      ['report', 1, null],
    ]);
    expect(left[0]?.lastError).toMatch(/unknown aggregate type "comment"/);
    expect(left[1]?.lastError).toMatch(/invalid search parameter/);
    expect(left.every((entry) => entry.availableAt.getTime() > Date.now())).toBe(true);
    await db.models.SearchOutboxEntry.destroy({ where: {} });
  });

  it('never loses nor applies twice a row when two workers drain while members keep writing', async () => {
    const author = await createUser();
    const reports: Report[] = [];
    for (let i = 0; i < 20; i += 1) reports.push(await createReport({ author, title: `題${i}`, description: '' }));
    const created: number[] = [];
    const enqueue = async (report: Report, operation: 'upsert' | 'delete') =>
      db.sequelize.transaction(async (transaction) => {
        const row = await db.models.SearchOutboxEntry.create(
          { aggregateType: 'report', aggregateId: String(report.id), operation, availableAt: new Date() },
          { transaction },
        );
        return row.id;
      });
    for (const report of reports) created.push(await enqueue(report, 'upsert'));

    const applied: number[] = [];
    const appliedBy = { a: 0, b: 0 };
    const recorder = (name: keyof typeof appliedBy) => (entries: readonly SearchOutboxEntry[]) => {
      applied.push(...entries.map((entry) => entry.id));
      appliedBy[name] += entries.length;
    };
    const workers = [
      newWorker({ workerId: 'worker-a', batchSize: 4, onApplied: recorder('a') }),
      newWorker({ workerId: 'worker-b', batchSize: 4, onApplied: recorder('b') }),
    ];

    let writing = true;
    const writer = (async () => {
      const alive = [...reports];
      for (let step = 0; step < 120; step += 1) {
        const report = alive[step % alive.length] as Report;
        const action = step % 7;
        if (action === 6 && alive.length > 10) {
          alive.splice(alive.indexOf(report), 1);
          await report.destroy();
          created.push(await enqueue(report, 'delete'));
        } else {
          if (action === 3) await report.update({ isDraft: true, listed: false });
          else if (action === 4) await report.update({ isDraft: false, listed: true });
          else await report.update({ title: `題${report.id}-${step}`, likeCount: step });
          created.push(await enqueue(report, 'upsert'));
        }
        if (step % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      }
      writing = false;
    })();
    const deadline = Date.now() + 45_000;
    const drain = async (worker: SearchOutboxWorker) => {
      while (writing || (await db.models.SearchOutboxEntry.count()) > 0) {
        if (Date.now() > deadline) throw new Error('the outbox was not drained in time');
        const result = await worker.drainOnce();
        if (result.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all([writer, ...workers.map(drain)]);

    expect(applied).toHaveLength(created.length);
    expect([...applied].sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
    expect(new Set(applied).size).toBe(applied.length);
    // Both really took part.
    expect(appliedBy.a).toBeGreaterThan(0);
    expect(appliedBy.b).toBeGreaterThan(0);

    // The index matches the database exactly: no report missing, none stale, none left over.
    const expected = await db.models.Report.findAll({ where: { listed: true }, order: [['id', 'ASC']] });
    const mine = (await indexedDocuments(search)).filter((document: ReportSearchDocument) => document.authorId === author.id);
    expect(mine.map((document) => [document.id, document.title, document.likeCount])).toEqual(
      expected.filter((report) => report.authorId === author.id).map((report) => [report.id, searchableText(report.title), report.likeCount]),
    );
  });

  it('does not let a slower worker write an older state of a report over a newer one', async () => {
    const report = await createReport({ title: '古い題', description: '' });
    await queue([report]);
    const [slow, fast] = [newWorker({ workerId: 'slow' }), newWorker({ workerId: 'fast' })];
    await slow.drainOnce();
    await report.update({ title: '古い題2' });
    await queue([report]);

    // Hold the slow worker right after it read the report, before it writes to the index.
    let reached: () => void = () => undefined;
    let release: () => void = () => undefined;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    let armed = true;
    db.models.Report.addHook('afterFind', 'gate', async () => {
      if (!armed) return;
      armed = false;
      reached();
      await gate;
    });
    try {
      const slowRound = slow.drainOnce();
      await atGate;
      await report.update({ title: '新しい題' });
      await queue([report]);
      await fast.drainOnce();
      release();
      await slowRound;
    } finally {
      release();
      db.models.Report.removeHook('afterFind', 'gate');
    }
    await drainOutbox(fast, db.models);
    expect((await documentOf(report.id))?.title).toBe('新しい題');
  });

  it('runs in the background, wakes up on committed rows and stops cleanly', async () => {
    const report = await createReport({ title: '起こされる' });
    const runner = startOutboxRunner(newWorker(), logger, { idleMs: 60_000 });
    try {
      // The first round runs at once; after it the runner sleeps a minute unless a commit wakes it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await queue([report]);
      const deadline = Date.now() + 10_000;
      while ((await db.models.SearchOutboxEntry.count()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await db.models.SearchOutboxEntry.count()).toBe(0);
      expect((await documentOf(report.id))?.title).toBe('起こされる');
    } finally {
      await runner.stop();
    }
    await runner.stop();
    // Stopped: a new row stays where it is.
    await queue([report]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db.models.SearchOutboxEntry.count()).toBe(1);
  });
});
