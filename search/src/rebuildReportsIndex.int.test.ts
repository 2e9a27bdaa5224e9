import { rebuildReportsIndex, buildIndexPrefix, type RebuildProgress } from './rebuildReportsIndex';
import { upsertReportDocuments } from './reportDocuments';
import { applyReportsIndexSettings, reportsIndexUid, type ReportSearchDocument } from './reportsIndex';
import { searchReportIds } from './searchReports';
import { deleteIndexesWithPrefix, reportDocument, testSearchClient, uniqueIndexPrefix } from '../test/support';

const client = testSearchClient();
const prefixes: string[] = [];

function newPrefix(): string {
  const prefix = uniqueIndexPrefix('rebuild');
  prefixes.push(prefix);
  return prefix;
}

afterAll(async () => {
  for (const prefix of prefixes) await deleteIndexesWithPrefix(client, prefix);
});

async function allIds(indexUid: string): Promise<number[]> {
  const { results } = await client.index<ReportSearchDocument>(indexUid).getDocuments({ fields: ['id'], limit: 1000 });
  return results.map((document) => document.id).sort((a, b) => a - b);
}

async function indexUidsWithPrefix(prefix: string): Promise<string[]> {
  const { results } = await client.getRawIndexes({ limit: 1000 });
  return results.map((index) => index.uid).filter((uid) => uid.startsWith(prefix)).sort();
}

const search = (indexUid: string, query: string) => searchReportIds(client, indexUid, { query, limit: 50 }).then((result) => result.ids.sort((a, b) => a - b));

/** A live index of a fresh prefix, with its settings, holding `documents`. */
async function liveIndexHolding(documents: ReportSearchDocument[]): Promise<{ prefix: string; liveUid: string }> {
  const prefix = newPrefix();
  const liveUid = reportsIndexUid(prefix);
  await applyReportsIndexSettings(client, liveUid);
  await upsertReportDocuments(client, liveUid, documents);
  return { prefix, liveUid };
}

/** A document Meilisearch refuses: its id is not a valid document id. */
const refusedDocument = () => ({ ...reportDocument(2), id: 'not a valid id!' }) as unknown as ReportSearchDocument;

describe('rebuildReportsIndex', () => {
  it('keeps answering from the old documents while it builds, then serves exactly the new ones', async () => {
    const prefix = newPrefix();
    const liveUid = reportsIndexUid(prefix);
    await applyReportsIndexSettings(client, liveUid);
    await upsertReportDocuments(client, liveUid, [
      reportDocument(1, { title: '古い縄のレポート' }),
      reportDocument(2, { title: '古い首輪のレポート' }),
      reportDocument(3, { title: '消える予定のレポート', description: '鞭' }),
    ]);

    const seenDuringBuild: number[][] = [];
    async function* batches(): AsyncGenerator<ReportSearchDocument[]> {
      for (let batch = 0; batch < 3; batch += 1) {
        // A member searching mid-rebuild must still get the current answers, not an empty index.
        seenDuringBuild.push(await search(liveUid, 'レポート'));
        yield [10, 11, 12].map((n) => reportDocument(batch * 100 + n, { title: `新しい縄のレポート${batch}-${n}` }));
      }
      yield [reportDocument(2, { title: '書き直した首輪のレポート' })];
    }
    const progress: RebuildProgress[] = [];

    const result = await rebuildReportsIndex(client, { prefix, documents: batches(), batchSize: 2, onProgress: (p) => progress.push({ ...p }) });

    expect(seenDuringBuild).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    const expectedIds = [2, 10, 11, 12, 110, 111, 112, 210, 211, 212];
    expect(result).toEqual({ indexUid: liveUid, documentCount: expectedIds.length });
    expect(await allIds(liveUid)).toEqual(expectedIds);
    expect(await search(liveUid, '鞭')).toEqual([]);
    expect(await search(liveUid, 'ロープ')).toEqual([10, 11, 12, 110, 111, 112, 210, 211, 212]);
    expect(await search(liveUid, '書き直した')).toEqual([2]);
    expect(await indexUidsWithPrefix(prefix)).toEqual([liveUid]);
    expect(progress.at(-1)).toEqual({ phase: 'done', indexed: 10 });
    expect(progress.filter((p) => p.phase === 'indexing').map((p) => p.indexed)).toEqual([2, 3, 5, 6, 8, 9, 10]);

    const settings = await client.index(liveUid).getSettings();
    expect(settings.localizedAttributes).toEqual([{ attributePatterns: ['*'], locales: ['jpn'] }]);
    expect(settings.sortableAttributes?.slice().sort()).toEqual(['createdAt', 'likeCount']);
  });

  it('creates the live index when there is none yet', async () => {
    const prefix = newPrefix();
    const liveUid = reportsIndexUid(prefix);

    await rebuildReportsIndex(client, { prefix, documents: [[reportDocument(5, { title: '緊縛の記録' })]] });

    expect(await allIds(liveUid)).toEqual([5]);
    expect(await search(liveUid, 'ボンデージ')).toEqual([5]);
    expect(await indexUidsWithPrefix(prefix)).toEqual([liveUid]);
  });

  it('empties the index when the database has no reports left', async () => {
    const { prefix, liveUid } = await liveIndexHolding([reportDocument(1)]);

    await rebuildReportsIndex(client, { prefix, documents: [] });

    expect(await allIds(liveUid)).toEqual([]);
  });

  it('leaves the live index untouched and cleans up when reading the documents fails', async () => {
    const { prefix, liveUid } = await liveIndexHolding([reportDocument(1, { title: '残る縄のレポート' })]);
    async function* failing(): AsyncGenerator<ReportSearchDocument[]> {
      yield [reportDocument(2)];
      throw new Error('database went away');
    }

    await expect(rebuildReportsIndex(client, { prefix, documents: failing() })).rejects.toThrow('database went away');

    expect(await allIds(liveUid)).toEqual([1]);
    expect(await search(liveUid, 'ロープ')).toEqual([1]);
    expect(await indexUidsWithPrefix(prefix)).toEqual([liveUid]);
  });

  it('refuses documents Meilisearch rejects, without swapping', async () => {
    const { prefix, liveUid } = await liveIndexHolding([reportDocument(1)]);

    await expect(rebuildReportsIndex(client, { prefix, documents: [[refusedDocument()]] })).rejects.toThrow(/did not succeed/);

    expect(await allIds(liveUid)).toEqual([1]);
    expect(await indexUidsWithPrefix(prefix)).toEqual([liveUid]);
  });

  it('refuses a rebuild whose first batch Meilisearch rejected while the later ones went in', async () => {
    const { prefix, liveUid } = await liveIndexHolding([reportDocument(1)]);

    const rebuild = rebuildReportsIndex(client, { prefix, documents: [[refusedDocument()], [reportDocument(3), reportDocument(4)], [reportDocument(5)]], batchSize: 1, maxDocumentsInFlight: 2 });

    await expect(rebuild).rejects.toThrow(/did not succeed/);
    expect(await allIds(liveUid)).toEqual([1]);
    expect(await indexUidsWithPrefix(prefix)).toEqual([liveUid]);
  });

  it('removes build indexes left behind by a rebuild that died a day ago', async () => {
    const prefix = newPrefix();
    const stale = `${buildIndexPrefix(prefix)}${Date.now() - 2 * 24 * 60 * 60 * 1000}`;
    await client.createIndex(stale).waitTask();

    await rebuildReportsIndex(client, { prefix, documents: [[reportDocument(1)]] });

    expect(await indexUidsWithPrefix(prefix)).toEqual([reportsIndexUid(prefix)]);
  });
});
