import { checkSearchHealth, createSearchClient } from './client';
import { findFreePort } from './localMeilisearch';
import { deleteReportDocuments, upsertReportDocuments } from './reportDocuments';
import { applyReportsIndexSettings, reportsIndexUid } from './reportsIndex';
import { SearchInputError } from './searchInputError';
import { buildReportRequest, GLOSSARY_MERGE_DEPTH_MAX, searchReportIds, type ReportSearchParams } from './searchReports';
import { deleteIndexesWithPrefix, reportDocument, testSearchClient, uniqueIndexPrefix } from '../test/support';

const client = testSearchClient();
const prefix = uniqueIndexPrefix('searchReports');
const indexUid = reportsIndexUid(prefix);

const GENDER_MALE = 11;
const GENDER_FEMALE = 12;
const ORIENTATION_BI = 21;
const ROLE_SUB = 31;
const CATEGORY_SM = 41;
const CATEGORY_TOOLS = 42;
const CONTENT_ROPE = 51;
const CONTENT_SPANKING = 52;

const documents = [
  reportDocument(1, {
    title: '初めての練習',
    description: '今日は縄で後ろ手に縛ってもらった。',
    authorId: 7,
    warnings: ['blood'],
    gender: GENDER_MALE,
    playCategories: [CATEGORY_SM],
    playContents: [CONTENT_ROPE],
    likeCount: 5,
  }),
  reportDocument(2, { title: '首輪', tagNames: ['首輪'], authorId: 8, warnings: ['marks', 'scat'], gender: GENDER_FEMALE, role: ROLE_SUB, likeCount: 9 }),
  reportDocument(3, { title: '週末の記録', tips: '緊縛の基本を教わりました', sexualOrientation: ORIENTATION_BI, playCategories: [CATEGORY_SM, CATEGORY_TOOLS], likeCount: 1 }),
  reportDocument(4, { title: 'ゆっくりした夜', stepTexts: ['部屋を暗くする', 'ろうそくをともす'], playCategories: [CATEGORY_TOOLS], likeCount: 3 }),
  reportDocument(5, { title: 'スパンキングの夜', toolNames: ['パドル'], playContents: [CONTENT_SPANKING, CONTENT_ROPE], authorId: 7, likeCount: 7 }),
  reportDocument(6, { title: '鞭とアイマスクで目隠しプレイ', description: '音だけを頼りに過ごした', gender: GENDER_FEMALE, likeCount: 2 }),
  reportDocument(7, { title: '中華料理を作った日', description: '麻婆豆腐と餃子。カラオケにも行った。', likeCount: 4 }),
  reportDocument(8, { title: '公園', description: '週末は公園を散歩した', authorUsername: 'さくら', likeCount: 0 }),
];

async function ids(params: Partial<ReportSearchParams>): Promise<number[]> {
  const result = await searchReportIds(client, indexUid, { limit: 50, ...params });
  return result.ids;
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  await applyReportsIndexSettings(client, indexUid);
  await upsertReportDocuments(client, indexUid, documents);
});

afterAll(async () => {
  await deleteIndexesWithPrefix(client, prefix);
});

describe('Japanese text', () => {
  it.each([
    ['縄', [1]],
    ['首輪', [2]],
    ['緊縛', [3]],
    ['鞭', [6]],
    ['ろうそく', [4]],
    ['スパンキング', [5]],
    ['目隠し', [6]],
    ['アイマスク', [6]],
    ['料理', [7]],
    ['散歩', [8]],
    ['さくら', [8]],
    ['パドル', [5]],
  ])('finds %s in exactly the reports that contain it', async (query, expected) => {
    expect(sorted(await ids({ query }))).toEqual(expected);
  });

  it.each(['ペニバン', '電車', 'ねこ', '縄 料理'])('finds nothing for %s, which no report contains', async (query) => {
    expect(await ids({ query })).toEqual([]);
  });
});

describe('glossary synonyms', () => {
  it.each([
    ['ロープ', [1]],
    ['なわ', [1]],
    ['カラー', [2]],
    ['ボンデージ', [3]],
    ['蝋燭', [4]],
    ['キャンドル', [4]],
    ['お尻叩き', [5]],
    ['ムチ', [6]],
    ['首輪 ムチ', []],
  ])('%s finds the reports written with its partner', async (query, expected) => {
    expect(sorted(await ids({ query }))).toEqual(expected);
  });
});

describe('filters', () => {
  it.each<[Partial<ReportSearchParams['filters']>, number[]]>([
    [{ gender: GENDER_FEMALE }, [2, 6]],
    [{ gender: String(GENDER_MALE) }, [1]],
    [{ sexualOrientation: ORIENTATION_BI }, [3]],
    [{ role: ROLE_SUB }, [2]],
    [{ playCategory: CATEGORY_SM }, [1, 3]],
    [{ playCategory: CATEGORY_TOOLS }, [3, 4]],
    [{ playContent: CONTENT_ROPE }, [1, 5]],
    [{ authorId: 7 }, [1, 5]],
    [{ authorId: 7, playContent: CONTENT_SPANKING }, [5]],
    [{ gender: 999 }, []],
  ])('%j keeps only the matching reports', async (filters, expected) => {
    expect(sorted(await ids({ filters }))).toEqual(expected);
  });

  it('combines a filter with words', async () => {
    expect(sorted(await ids({ query: 'ロープ', filters: { authorId: 7 } }))).toEqual([1]);
    expect(await ids({ query: '首輪', filters: { gender: GENDER_MALE } })).toEqual([]);
  });

  it.each(['1 OR authorId != 0', '7 OR authorId = 8', '"\'', '7" OR "1" = "1', "7') OR (1=1", '7 AND gender EXISTS', '-1', '0', '1.5'])(
    'refuses the filter value %p before it reaches Meilisearch',
    async (value) => {
      for (const field of ['gender', 'sexualOrientation', 'role', 'playCategory', 'playContent', 'authorId'] as const) {
        await expect(searchReportIds(client, indexUid, { limit: 50, filters: { [field]: value } })).rejects.toThrow(SearchInputError);
      }
    },
  );

  it('treats filter syntax typed as words as plain words', async () => {
    expect(await ids({ query: '1 OR authorId != 0' })).toEqual([]);
    expect(await ids({ query: '" OR gender EXISTS' })).toEqual([]);
  });
});

describe('order and pages', () => {
  const byCreatedAt = [...documents].sort((a, b) => a.createdAt - b.createdAt).map((d) => d.id);
  const byLikes = [...documents].sort((a, b) => b.likeCount - a.likeCount).map((d) => d.id);

  it('sorts newest first by default and on "new"', async () => {
    expect(await ids({})).toEqual([...byCreatedAt].reverse());
    expect(await ids({ sort: 'new' })).toEqual([...byCreatedAt].reverse());
  });

  it('sorts oldest first on "old"', async () => {
    expect(await ids({ sort: 'old' })).toEqual(byCreatedAt);
  });

  it('sorts by likes on "like"', async () => {
    expect(await ids({ sort: 'like' })).toEqual(byLikes);
  });

  it('keeps the order when words match through several spellings', async () => {
    await upsertReportDocuments(client, indexUid, [reportDocument(9, { title: 'ロープワーク入門', createdAt: Date.UTC(2023, 0, 1), likeCount: 100 })]);
    try {
      expect(await ids({ query: '縄', sort: 'new' })).toEqual([1, 9]);
      expect(await ids({ query: '縄', sort: 'old' })).toEqual([9, 1]);
      expect(await ids({ query: '縄', sort: 'like' })).toEqual([9, 1]);
    } finally {
      await deleteReportDocuments(client, indexUid, [9]);
    }
  });

  it('pages through the results with a total', async () => {
    const first = await searchReportIds(client, indexUid, { limit: 3, offset: 0, sort: 'old' });
    const second = await searchReportIds(client, indexUid, { limit: 3, offset: 3, sort: 'old' });
    const last = await searchReportIds(client, indexUid, { limit: 3, offset: 6, sort: 'old' });
    expect([...first.ids, ...second.ids, ...last.ids]).toEqual(byCreatedAt);
    expect([first.total, second.total, last.total]).toEqual([documents.length, documents.length, documents.length]);
  });

  it.each<Partial<ReportSearchParams>>([{ sort: 'random' as never }, { limit: 0 }, { limit: 51 }, { limit: 2.5 }, { offset: -1 }, { query: 'あ'.repeat(101) }])(
    'refuses %j',
    async (params) => {
      await expect(searchReportIds(client, indexUid, { limit: 10, ...params })).rejects.toThrow(SearchInputError);
    },
  );
});

describe('keeping documents up to date', () => {
  it('replaces an updated report and forgets a deleted one', async () => {
    await upsertReportDocuments(client, indexUid, [reportDocument(10, { title: '手枷の練習' })]);
    expect(await ids({ query: '手枷' })).toEqual([10]);

    await upsertReportDocuments(client, indexUid, [reportDocument(10, { title: '足枷の練習' })]);
    expect(await ids({ query: '手枷' })).toEqual([]);
    expect(await ids({ query: '足かせ' })).toEqual([10]);

    await deleteReportDocuments(client, indexUid, [10, 12345]);
    expect(await ids({ query: '足枷' })).toEqual([]);
  });

  it('refuses ids that are not positive integers', async () => {
    await expect(deleteReportDocuments(client, indexUid, ['1 OR 2'])).rejects.toThrow(SearchInputError);
  });
});

describe('index settings and health', () => {
  it('applies the settings again without changing them', async () => {
    await applyReportsIndexSettings(client, indexUid);
    const settings = await client.index(indexUid).getSettings();
    expect(settings.searchableAttributes).toEqual(['title', 'tagNames', 'toolNames', 'description', 'stepTexts', 'tips', 'authorUsername']);
    expect([...(settings.filterableAttributes ?? [])].sort()).toEqual(['authorId', 'gender', 'id', 'playCategories', 'playContents', 'role', 'savedBy', 'sexualOrientation', 'warnings']);
    // Who saved a report is a filter only: never in a search hit (issue 37).
    expect(settings.displayedAttributes).not.toContain('savedBy');
    expect(settings.displayedAttributes).not.toContain('*');
    expect([...(settings.sortableAttributes ?? [])].sort()).toEqual(['createdAt', 'likeCount']);
    expect(settings.localizedAttributes).toEqual([{ attributePatterns: ['*'], locales: ['jpn'] }]);
    expect(settings.proximityPrecision).toBe('byAttribute');
    expect(settings.synonyms?.['縄']).toEqual(expect.arrayContaining(['ロープ', 'なわ']));
    expect((await client.index(indexUid).getStats()).numberOfDocuments).toBe(documents.length);
  });

  it('reports whether Meilisearch answers', async () => {
    expect(await checkSearchHealth(client)).toBe('ok');
    const closedPort = await findFreePort();
    expect(await checkSearchHealth(createSearchClient({ host: `http://127.0.0.1:${closedPort}`, timeoutMs: 1_000 }))).toBe('unreachable');
  });
});

describe('content warnings a member hides (issue 37)', () => {
  it('leaves out documents carrying a hidden label, but for the member’s own', async () => {
    const all = sorted(await ids({}));
    expect(sorted(await ids({ hiddenWarnings: { keys: ['blood'], viewerId: 99 } }))).toEqual(all.filter((id) => id !== 1));
    expect(sorted(await ids({ hiddenWarnings: { keys: ['blood', 'scat'], viewerId: 99 } }))).toEqual(all.filter((id) => id !== 1 && id !== 2));
    expect(sorted(await ids({ hiddenWarnings: { keys: ['blood', 'scat'], viewerId: 7 } }))).toEqual(all.filter((id) => id !== 2));
    expect(sorted(await ids({ hiddenWarnings: { keys: [], viewerId: 99 } }))).toEqual(all);
  });

  it('refuses a key outside the catalogue', async () => {
    await expect(ids({ hiddenWarnings: { keys: ['blood] OR id > 0 OR warnings IN [x'], viewerId: 99 } })).rejects.toBeInstanceOf(SearchInputError);
  });
});

describe('more results than a single search counts by default (1,000)', () => {
  const manyIndexUid = reportsIndexUid(`${prefix}many_`);
  const many = Array.from({ length: 1_205 }, (_, i) =>
    reportDocument(1_000 + i, { title: i % 2 === 0 ? `週末の練習 縄 ${i}` : `平日の散歩 ロープ ${i}`, createdAt: Date.UTC(2024, 0, 1) + i * 60_000 }),
  );
  const practice = many.filter((_, i) => i % 2 === 0).map((document) => document.id);

  beforeAll(async () => {
    await applyReportsIndexSettings(client, manyIndexUid);
    await upsertReportDocuments(client, manyIndexUid, many);
  });

  it('gives the exact total and the last page, for a plain word and for a glossary word', async () => {
    const everything = await searchReportIds(client, manyIndexUid, { limit: 10, offset: 1_200, sort: 'old' });
    expect(everything.total).toBe(1_205);
    expect(everything.ids).toEqual(many.slice(1_200).map((document) => document.id));

    const word = await searchReportIds(client, manyIndexUid, { query: '練習', limit: 10, offset: 600, sort: 'old' });
    expect(word.total).toBe(practice.length);
    expect(word.ids).toEqual(practice.slice(600));

    // 縄 is a glossary word: its spellings (ロープ...) are searched together, and the total counts each report once.
    const glossary = await searchReportIds(client, manyIndexUid, { query: '縄', limit: 10, offset: 1_200, sort: 'old' });
    expect(glossary.total).toBe(1_205);
    expect(glossary.ids).toEqual(many.slice(1_200).map((document) => document.id));
  });

  it.each(['new', 'old', 'like'] as const)('answers a glossary word page by page as the federated request does (sort=%s), merged or not', async (sort) => {
    for (const offset of [0, 8, 96, GLOSSARY_MERGE_DEPTH_MAX - 8, GLOSSARY_MERGE_DEPTH_MAX, 1_200]) {
      const params = { query: '縄', limit: 8, offset, sort };
      const federated = await client.multiSearch(buildReportRequest(manyIndexUid, params));
      const answer = await searchReportIds(client, manyIndexUid, params);
      expect({ offset, ids: answer.ids, total: answer.total }).toEqual({ offset, ids: federated.hits.map((hit) => Number(hit.id)), total: 1_205 });
    }
  });
});
