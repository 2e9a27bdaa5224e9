import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, startLocalMeilisearch, type LocalMeilisearch, searchableText } from '@hiraku/search';
import type { ReportDeleteResponse, ReportMutationResponse, ReportSearchResponse } from '@hiraku/shared';
import type { HttpClient } from '../../test/support/httpClient';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../test/support/reports';
import { drainOutbox, eventually, indexedDocuments, indexedIds, listedIds } from '../../test/support/searchOutbox';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import { seedTaxonomy } from '../seed/taxonomy';
import { createSearchService } from '../search/searchService';
import { createSearchOutboxWorker } from './searchOutboxWorker';
import { startOutboxRunner, type OutboxRunner } from './outboxRunner';

// The verified copy globalSetup keeps between runs.
const binDir = path.resolve(__dirname, '../../../node_modules/.cache/hiraku-meilisearch');

/**
 * Meilisearch goes away in the middle of members' writes and comes back: every write succeeds, search
 * keeps answering (from the database), and once the engine is back the index holds exactly the
 * published, visible reports. A Meilisearch of its own, so stopping it disturbs no other test.
 */
describe('search sync when Meilisearch goes away and comes back', () => {
  let dataDir: string;
  let port: number;
  let meilisearch: LocalMeilisearch | undefined;
  let app: TestApp;
  let runner: OutboxRunner;
  let tags: SystemTags;
  let author: HttpClient;

  const start = async () => {
    meilisearch = await startLocalMeilisearch({ dataDir, port, binDir });
    return meilisearch;
  };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-fault-'));
    port = await findFreePort();
    const engine = await start();
    app = await startTestApp({ env: { MEILI_HOST: engine.host, MEILI_MASTER_KEY: engine.masterKey, RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
    author = (await signedInMember(app.baseUrl)).client;
    runner = startOutboxRunner(createSearchOutboxWorker(app.services), app.services.logger);
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await app?.close();
    await meilisearch?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  // No tool or text that any of the searched words would find, except the title.
  const form = (title: string, isDraft: boolean) => publishableForm(tags, { title, isDraft, tools: [{ name: '安全ばさみ', quantity: '' }] });
  const create = async (title: string, isDraft = false) => {
    const res = await sendReportForm<ReportMutationResponse>(author, 'POST', '/api/reports', form(title, isDraft));
    expect(res.status).toBe(201);
    return res.body.report._id;
  };
  const update = async (id: number, title: string, isDraft: boolean) => {
    const res = await sendReportForm<ReportMutationResponse>(author, 'PUT', `/api/reports/${id}`, form(title, isDraft));
    expect(res.status).toBe(200);
  };
  const remove = async (id: number) => {
    const res = await author.delete<ReportDeleteResponse>(`/api/reports/${id}`);
    expect(res.status).toBe(200);
  };
  const search = (query: string) => author.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query, limit: '50' })}`);

  /** Ids and titles in the index are those of the listed reports in the database, nothing more, nothing less. */
  const indexMatchesDatabase = async () => {
    const documents = await indexedDocuments(app.services.search);
    const listed = await app.services.models.Report.findAll({ where: { id: await listedIds(app.services.models) }, order: [['id', 'ASC']] });
    return JSON.stringify(documents.map((d) => [d.id, d.title])) === JSON.stringify(listed.map((r) => [r.id, searchableText(r.title)]));
  };

  it('keeps every write, answers searches meanwhile and ends with exactly the visible reports indexed', async () => {
    // Engine up: the usual path.
    const kept = await create('縄の練習');
    const toEdit = await create('首輪の夜');
    const toUnpublish = await create('鞭の話');
    const toDelete = await create('目隠しの記録');
    const draft = await create('下書きの縄', true);
    await eventually(indexMatchesDatabase, 15_000, 'the first reports indexed');
    expect(await indexedIds(app.services.search)).toEqual([kept, toEdit, toUnpublish, toDelete]);
    expect((await search('縄')).body).toMatchObject({ source: 'search', total: 1 });

    // Engine gone in the middle of the members' work.
    await meilisearch?.stop();
    meilisearch = undefined;

    const createdMeanwhile = await create('ろうそくの夜');
    await update(toEdit, 'ロープと首輪の夜', false);
    await update(toUnpublish, '鞭の話（非公開）', true);
    await remove(toDelete);
    await update(draft, '公開した縄', false);
    const draftMeanwhile = await create('まだ下書きの縄', true);

    // Nothing was lost: the writes wait in the outbox.
    const waiting = await app.services.models.SearchOutboxEntry.findAll();
    expect(waiting.length).toBeGreaterThanOrEqual(6);

    // Search still answers, from the database, with what is visible now.
    const rope = await search('縄');
    expect(rope.status).toBe(200);
    expect(rope.body.source).toBe('database');
    expect(rope.body.reports.map((r) => r._id).sort((a, b) => a - b)).toEqual([kept, toEdit, draft].sort((a, b) => a - b));
    const candle = await search('ろうそく');
    expect(candle.body).toMatchObject({ source: 'database', total: 1, reports: [{ _id: createdMeanwhile }] });
    const gone = await search('目隠し');
    expect(gone.body).toMatchObject({ source: 'database', total: 0, reports: [] });
    expect((await search('鞭')).body.reports).toEqual([]);

    // The same engine again, on the same port and data.
    await start();
    await eventually(async () => (await app.services.models.SearchOutboxEntry.count()) === 0 && (await indexMatchesDatabase()), 20_000, 'the outbox drained');

    expect(await indexedIds(app.services.search)).toEqual([kept, toEdit, draft, createdMeanwhile].sort((a, b) => a - b));
    expect(await indexedIds(app.services.search)).not.toContain(draftMeanwhile);
    const documents = await indexedDocuments(app.services.search);
    expect(documents.find((d) => d.id === toEdit)?.title).toBe('ロープと首輪の夜');
    expect(documents.find((d) => d.id === draft)?.title).toBe('公開した縄');

    // Search is back on the engine once it answers again.
    await eventually(async () => (await search('ろうそく')).body.source === 'search', 15_000, 'search back on Meilisearch');
    expect((await search('ろうそく')).body).toMatchObject({ source: 'search', total: 1, reports: [{ _id: createdMeanwhile }] });
    expect((await search('ロープ')).body.reports.map((r) => r._id).sort((a, b) => a - b)).toEqual([kept, toEdit, draft].sort((a, b) => a - b));
  }, 120_000);
  it('sets up the index when Meilisearch was not there at start-up and arrives later, empty', async () => {
    // This test's worker alone must see the rows.
    await runner.stop();
    const lateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-late-'));
    const latePort = await findFreePort();
    const masterKey = 'late-engine-master-key-0123456789';
    const { models, logger } = app.services;
    const search = createSearchService({ host: `http://127.0.0.1:${latePort}`, apiKey: masterKey, indexPrefix: 'late_' });
    const worker = createSearchOutboxWorker({ models, search, logger });
    const id = await create('遅れて来た縄');
    await app.services.sequelize.transaction((transaction) => enqueueReportSearchSync(models, [id], 'upsert', { transaction }));
    let late: LocalMeilisearch | undefined;
    try {
      // Nothing answers: no row is claimed, none is counted as failed.
      expect(await worker.drainOnce()).toMatchObject({ unavailable: true, claimed: 0 });
      const rows = await models.SearchOutboxEntry.findAll({ where: { aggregateId: String(id) } });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.attempts === 0 && row.lockedBy === null)).toBe(true);

      late = await startLocalMeilisearch({ dataDir: lateDir, port: latePort, binDir, masterKey });
      await drainOutbox(worker, models);
      const settings = await search.client.index(search.reportsIndexUid).getSettings();
      expect(settings.localizedAttributes).toEqual([{ attributePatterns: ['*'], locales: ['jpn'] }]);
      expect([...(settings.filterableAttributes ?? [])].sort()).toEqual(['authorId', 'gender', 'id', 'playCategories', 'playContents', 'role', 'savedBy', 'sexualOrientation', 'warnings']);
      expect(await indexedIds(search)).toEqual([id]);
    } finally {
      await late?.stop();
      await fs.rm(lateDir, { recursive: true, force: true });
    }
  }, 60_000);
});
