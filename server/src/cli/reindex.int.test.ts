import { randomBytes } from 'node:crypto';
import {
  applyReportsIndexSettings,
  searchReportIds,
  upsertReportDocuments,
  type RebuildProgress,
  type ReportSearchDocument,
} from '@hiraku/search';
import { createReport, createUser } from '../../test/factories';
import { openCliTestEnv, testSearchClient, type CliTestEnv } from '../../test/support/cliTestEnv';
import type { TestDatabase } from '../../test/support/db';
import type { Env } from '../env';
import { initModels, type Models } from '../models';
import { buildReportDocuments } from '../search/reportDocumentBuilder';
import { createSearchService, type SearchService } from '../search/searchService';
import { catchUpReportsIndex, reindexCommand, reindexReports } from './reindex';
import { seedDemoCommand } from './seedDemo';

// The run's Meilisearch (globalSetup); this file's own index names.
const client = testSearchClient();
const prefix = `t_reindex_${process.pid}_${randomBytes(3).toString('hex')}_`;
const liveUid = `${prefix}reports`;
let setup: CliTestEnv | undefined;
let db: TestDatabase;
let env: Env;
let models: Models;
let search: SearchService;

jest.setTimeout(120_000);

beforeAll(async () => {
  setup = await openCliTestEnv(prefix);
  ({ db, env } = setup);
  search = createSearchService({ host: env.MEILI_HOST ?? '', apiKey: env.MEILI_MASTER_KEY, indexPrefix: prefix });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  await seedDemoCommand(env, { members: '3', reports: '8', quiet: true });
  // The command bound the model classes to its own, now closed, connection.
  models = initModels(db.sequelize);
});

afterAll(async () => {
  jest.restoreAllMocks();
  await setup?.close();
});

async function indexedIds(): Promise<number[]> {
  const { results } = await client.index<ReportSearchDocument>(liveUid).getDocuments({ fields: ['id'], limit: 1000 });
  return results.map((document) => document.id).sort((a, b) => a - b);
}

async function listedIdsInDatabase(): Promise<number[]> {
  const reports = await models.Report.findAll({ attributes: ['id'], where: { listed: true } });
  return reports.map((report) => report.id).sort((a, b) => a - b);
}

function fakeDocument(id: number, title: string): ReportSearchDocument {
  return {
    id,
    title,
    description: '',
    tips: '',
    toolNames: [],
    stepTexts: [],
    tagNames: [],
    authorUsername: '',
    authorPublicId: '',
    authorId: 1,
    gender: null,
    sexualOrientation: null,
    role: null,
    playCategories: [],
    playContents: [],
    createdAt: 0,
    likeCount: 0,
    warnings: [],
    savedBy: [],
  };
}

describe('reindex', () => {
  it('refuses a bad batch size in Japanese', async () => {
    await expect(reindexCommand(env, { batchSize: '0' })).rejects.toThrow('--batch-size は 1 以上で指定してください');
    await expect(reindexCommand(env, { batchSize: 'たくさん' })).rejects.toThrow('--batch-size には数値を指定してください');
  });

  it('leaves the index holding exactly the listed reports, searchable by a word of a demo title', async () => {
    // Rows the index must not show, and an index that has drifted from the database.
    await createReport({ title: '一覧に出るレポート' });
    await createReport({ isDraft: true, title: '下書きのレポート' });
    await createReport({ hiddenAt: new Date(), listed: false, title: '非表示のレポート' });
    await createReport({ author: await createUser({ suspendedAt: new Date() }), listed: false, title: '停止中の会員のレポート' });
    const negotiation = await models.Report.findOne({ where: { title: '交渉シートを作ってから縛った話' } });
    if (!negotiation) throw new Error('demo report missing');
    await client.index(liveUid).deleteDocument(negotiation.id).waitTask();
    await upsertReportDocuments(client, liveUid, [fakeDocument(987_654_321, '消えたはずのレポート')]);

    const result = await reindexCommand(env, { batchSize: '3', quiet: true });
    models = initModels(db.sequelize);

    const listed = await listedIdsInDatabase();
    expect(listed).toHaveLength(9);
    expect(result.documentCount).toBe(listed.length);
    expect(await indexedIds()).toEqual(listed);
    expect((await searchReportIds(client, liveUid, { query: '交渉シート', limit: 10 })).ids).toEqual([negotiation.id]);
    expect((await searchReportIds(client, liveUid, { query: '消えたはず', limit: 10 })).ids).toEqual([]);

    const { results } = await client.getRawIndexes({ limit: 1000 });
    expect(results.map((index) => index.uid).filter((uid) => uid.startsWith(prefix))).toEqual([liveUid]);
    expect((await client.index(liveUid).getSettings()).localizedAttributes).toEqual([{ attributePatterns: ['*'], locales: ['jpn'] }]);
  });

  it('reports the count first and then its progress', async () => {
    const totals: number[] = [];
    const progress: RebuildProgress[] = [];
    await reindexReports({ models, search, env }, { batchSize: 4, onStart: (total) => totals.push(total), onProgress: (p) => progress.push({ ...p }) });
    expect(totals).toEqual([9]);
    expect(progress.filter((p) => p.phase === 'indexing').map((p) => p.indexed)).toEqual([4, 8, 9]);
    expect(progress.at(-1)).toEqual({ phase: 'done', indexed: 9 });
  });

  it('catches up with changes the sync worker wrote to the index that the swap replaced', async () => {
    await applyReportsIndexSettings(client, liveUid);
    const since = new Date();
    const author = await createUser();
    const hiddenMeanwhile = await createReport({ author, title: '途中で非表示になった' });
    const publishedMeanwhile = await createReport({ author, title: '途中で公開された' });
    const renamedMeanwhile = await createReport({ author, title: '途中で書き直した' });
    const [before] = await buildReportDocuments(models, [renamedMeanwhile.id]);
    // The rebuilt index as the swap left it: written before these changes reached it.
    await upsertReportDocuments(client, liveUid, [
      fakeDocument(hiddenMeanwhile.id, '途中で非表示になった'),
      { ...(before as ReportSearchDocument), title: '書き直す前の題名' },
    ]);
    await hiddenMeanwhile.update({ hiddenAt: new Date(), listed: false });

    const resynced = await catchUpReportsIndex(models, search, since);

    expect(resynced).toBe(2);
    const ids = await indexedIds();
    expect(ids).not.toContain(hiddenMeanwhile.id);
    expect(ids).toEqual(expect.arrayContaining([publishedMeanwhile.id, renamedMeanwhile.id]));
    expect((await searchReportIds(client, liveUid, { query: '書き直す前', limit: 10 })).ids).toEqual([]);
    expect((await searchReportIds(client, liveUid, { query: '途中で書き直した', limit: 10 })).ids).toEqual([renamedMeanwhile.id]);
  });
});
