import { createCategory, createReport, createTag, createUser, type ReportOverrides } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { createTestDatabase } from '../../test/support/db';
import type { Report, Tag } from '../models';
import { searchReportsInDatabase, type DatabaseSearchParams } from './databaseFallbackSearch';
import { loadListedCards } from '../commands/reportCards';

describe.each(TEST_BACKENDS)('searching from the database on %s', (_name, open) => {
  let db: TestBackend;
  const named = new Map<number, string>();
  let tags: Record<'female' | 'male' | 'gay' | 'dom' | 'pain' | 'tickle' | 'paddle', Tag>;

  const day = (n: number) => new Date(Date.UTC(2024, 1, n));
  async function make(name: string, overrides: ReportOverrides): Promise<Report> {
    const report = await createReport({ description: '', ...overrides });
    named.set(report.id, name);
    return report;
  }
  async function find(params: Partial<DatabaseSearchParams>) {
    const result = await searchReportsInDatabase(db.sequelize, { query: '', filters: {}, sort: 'new', limit: 50, offset: 0, ...params });
    return { names: result.ids.map((id) => named.get(id) ?? `#${id}`), hasMore: result.hasMore, limited: result.limited };
  }
  const names = async (params: Partial<DatabaseSearchParams>) => (await find(params)).names;
  const sorted = (values: string[]) => [...values].sort();

  beforeAll(async () => {
    db = await open();
    const [gender, orientation, role, playCategory, playContent] = await Promise.all(
      ['性別', '性的指向', '性癖', 'プレイ大分類', 'プレイ内容'].map((name) => createCategory({ name })),
    );
    tags = {
      female: await createTag({ name: '女性', category: gender }),
      male: await createTag({ name: '男性', category: gender }),
      gay: await createTag({ name: 'ゲイ', category: orientation }),
      dom: await createTag({ name: 'ドミナント', category: role }),
      pain: await createTag({ name: '痛み系', category: playCategory }),
      tickle: await createTag({ name: 'くすぐり', category: playContent }),
      paddle: await createTag({ name: 'Paddle', category: playContent }),
    };
    const sakura = await createUser({ profile: { username: 'さくら' } });
    await make('title', { title: '縄の練習', genderTagId: tags.female.id, likeCount: 3, createdAt: day(1) });
    await make('description', { title: '一', description: '今日はロープで後ろ手に。', genderTagId: tags.male.id, likeCount: 8, createdAt: day(2) });
    await make('tips', { title: '二', tips: '首輪はゆるめに', sexualOrientationTagId: tags.gay.id, likeCount: 5, createdAt: day(3) });
    await make('tool', { title: '三', tools: [{ name: '低温ろうそく' }], roleTagId: tags.dom.id, likeCount: 1, createdAt: day(4) });
    await make('step', { title: '四', steps: ['目隠しをする', 'くすぐる'], playCategories: [tags.pain], likeCount: 0, createdAt: day(5) });
    await make('tag', { title: '五', playContents: [tags.tickle, tags.paddle], playCategories: [tags.pain], likeCount: 2, createdAt: day(6) });
    await make('author', { title: '六', author: sakura, likeCount: 4, createdAt: day(7) });
    await make('percent', { title: '100%の力で', createdAt: day(8) });
    await make('underscore', { title: 'snake_case と 1000円', createdAt: day(9) });

    await make('draft', { title: '縄の下書き', isDraft: true, createdAt: day(10) });
    await make('hidden', { title: '縄 隠し', hiddenAt: new Date(), listed: false, createdAt: day(11) });
    const suspended = await createUser({ suspendedAt: new Date(), profile: { username: 'さくら2' } });
    await make('suspended', { title: '縄 停止', author: suspended, createdAt: day(12) });
    // A stale flag: listed, but the draft flag says otherwise. Still never shown.
    await make('staleFlag', { title: '縄 古い印', isDraft: true, listed: true, createdAt: day(13) });
  });
  afterAll(() => db?.drop());

  it.each<[string, string[]]>([
    ['縄', ['title', 'description']],
    ['ロープ', ['title', 'description']],
    ['なわ', ['title', 'description']],
    ['カラー', ['tips']],
    ['蝋燭', ['tool']],
    ['目隠し', ['step']],
    ['くすぐり', ['tag']],
    ['paddle', ['tag']],
    ['PADDLE', ['tag']],
    ['痛み系', ['step', 'tag']],
    ['ドミナント', ['tool']],
    ['女性', ['title']],
    ['さくら', ['author']],
    ['縄 練習', ['title']],
    ['縄 首輪', []],
    ['ぜんぜんない', []],
  ])('%s finds %j', async (query, expected) => {
    expect(sorted(await names({ query }))).toEqual(sorted(expected));
  });

  it('takes the member’s % and _ literally', async () => {
    expect(await names({ query: '100%' })).toEqual(['percent']);
    expect(await names({ query: 'e_c' })).toEqual(['underscore']);
    expect(await names({ query: '1000' })).toEqual(['underscore']);
    expect(await names({ query: '_' })).toHaveLength(9);
  });

  it('filters by tag and keeps the other conditions', async () => {
    expect(await names({ filters: { gender: tags.female.id } })).toEqual(['title']);
    expect(await names({ filters: { sexualOrientation: tags.gay.id } })).toEqual(['tips']);
    expect(await names({ filters: { role: tags.dom.id } })).toEqual(['tool']);
    expect(sorted(await names({ filters: { playCategory: tags.pain.id } }))).toEqual(['step', 'tag']);
    expect(await names({ filters: { playContent: tags.tickle.id } })).toEqual(['tag']);
    expect(await names({ filters: { playCategory: tags.pain.id }, query: '目隠し' })).toEqual(['step']);
    expect(await names({ filters: { playContent: tags.pain.id } })).toEqual([]);
  });

  it('sorts like the engine and pages, saying whether another page follows (nothing is counted)', async () => {
    const visible = ['title', 'description', 'tips', 'tool', 'step', 'tag', 'author', 'percent', 'underscore'];
    expect(await names({ sort: 'old' })).toEqual(visible);
    expect(await names({ sort: 'new' })).toEqual([...visible].reverse());
    expect((await names({ sort: 'like' })).slice(0, 4)).toEqual(['description', 'tips', 'author', 'title']);
    expect(await find({ sort: 'old', limit: 3, offset: 3 })).toEqual({ names: ['tool', 'step', 'tag'], hasMore: true, limited: false });
    expect(await find({ sort: 'old', limit: 3, offset: 6 })).toEqual({ names: ['author', 'percent', 'underscore'], hasMore: false, limited: false });
  });

  it('loads the cards in the order of the ids and drops whatever is not listed', async () => {
    const ids = [...named.keys()].reverse();
    const reports = await loadListedCards(db.sequelize, ids);
    expect(reports.map((report) => named.get(report.id))).toEqual(['underscore', 'percent', 'author', 'tag', 'step', 'tool', 'tips', 'description', 'title']);
    expect(reports[2]?.author?.profile?.username).toBe('さくら');
  });
});

/**
 * The bound that keeps the search within a second at 100,000 reports (DATABASE_SEARCH_BOUNDS), proven
 * with a small one on a few thousand reports: only the newest are searched, the answer says so, and
 * what it finds among them is what an unbounded search finds there.
 */
describe('the bounded database search on MariaDB', () => {
  const REPORTS = 3000;
  const BOUND = { scanReports: 1000, timeLimitMs: 10_000 };
  const UNBOUNDED = { scanReports: REPORTS * 2, timeLimitMs: 10_000 };
  let db: TestBackend;
  /** Report ids by position, oldest first. */
  let ids: number[];
  const at = (...positions: number[]) => positions.map((position) => ids[position]);

  beforeAll(async () => {
    db = await createTestDatabase();
    const author = await createUser();
    const start = Date.UTC(2024, 0, 1);
    const title = (i: number) => (i === 10 || i === 2990 ? `満月の夜 ${i}` : `日記 ${i}`);
    const rows = await db.models.Report.bulkCreate(
      Array.from({ length: REPORTS }, (_, i) => ({
        authorId: author.id,
        title: title(i),
        description: 'ゆっくり進めました。',
        isDraft: false,
        listed: true,
        publishedAt: new Date(start + i * 60_000),
        createdAt: new Date(start + i * 60_000),
      })),
    );
    ids = rows.map((row) => row.id);
    // A word only in the steps of an old report and of a new one: the EXISTS over steps is bounded too.
    await db.models.ReportStep.bulkCreate([
      { reportId: ids[5] as number, stepNumber: 1, action: '星空を見上げる' },
      { reportId: ids[2500] as number, stepNumber: 1, action: '星空を見上げる' },
    ]);
  }, 60_000);
  afterAll(() => db?.drop());

  const search = (params: Partial<DatabaseSearchParams>, bounds = BOUND) =>
    searchReportsInDatabase(db.sequelize, { query: '', filters: {}, sort: 'new', limit: 8, offset: 0, ...params }, bounds);

  it('searches only the newest reports and says that older ones were left out', async () => {
    expect(await search({ query: '満月' })).toEqual({ ids: at(2990), hasMore: false, limited: true });
    expect(await search({ query: '星空' })).toEqual({ ids: at(2500), hasMore: false, limited: true });
    expect(await search({ query: '満月' }, UNBOUNDED)).toEqual({ ids: at(2990, 10), hasMore: false, limited: false });
    expect(await search({ query: '星空' }, UNBOUNDED)).toEqual({ ids: at(2500, 5), hasMore: false, limited: false });
  });

  it('answers, empty and limited, when the time limit stops the search instead of failing', async () => {
    // A word found nowhere makes MariaDB read all 3,000 reports with their steps: far beyond a millisecond.
    expect(await search({ query: 'どこにもない言葉' }, { scanReports: REPORTS * 2, timeLimitMs: 1 })).toEqual({ ids: [], hasMore: false, limited: true });
  });

  it('keeps the order and the paging within the bound', async () => {
    expect(await search({})).toEqual({ ids: at(2999, 2998, 2997, 2996, 2995, 2994, 2993, 2992), hasMore: true, limited: true });
    // The oldest of the newest 1,000 comes first; nothing older.
    expect(await search({ sort: 'old', limit: 3 })).toEqual({ ids: at(2000, 2001, 2002), hasMore: true, limited: true });
    expect(await search({ sort: 'old', limit: 8, offset: 996 })).toEqual({ ids: at(2996, 2997, 2998, 2999), hasMore: false, limited: true });
  });
});
