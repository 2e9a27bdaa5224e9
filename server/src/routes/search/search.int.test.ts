import { findFreePort } from '@hiraku/search';
import { LIMITS, TEXTS, type ErrorBody, type ReportSearchQuery, type ReportSearchResponse } from '@hiraku/shared';
import { createReport, createUser, type ReportOverrides } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { systemTags, type SystemTags } from '../../../test/support/reports';
import { drainOutbox, indexedIds, listedIds } from '../../../test/support/searchOutbox';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { deleteAccount } from '../../commands/accountDeleter';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';
import type { Report, Tag, User } from '../../models';
import { createReportSearch } from '../../search/reportSearch';
import { createSearchService } from '../../search/searchService';
import { seedTaxonomy } from '../../seed/taxonomy';

type Answer = ReportSearchResponse & ErrorBody;

const FIXTURES = ['rope', 'collar', 'kinbaku', 'candle', 'spanking', 'park'] as const;
type Fixture = (typeof FIXTURES)[number];

const tag = (tags: Tag[], index: number): Tag => {
  const found = tags[index];
  if (!found) throw new Error(`no tag at ${index}`);
  return found;
};

describe('GET /api/reports/search/advanced', () => {
  let app: TestApp;
  let tags: SystemTags;
  let member: { client: HttpClient; user: User };
  let worker: SearchOutboxWorker;
  const report = {} as Record<Fixture, Report>;
  const hidden = {} as Record<'draft' | 'hiddenByOperator' | 'deletedAccount' | 'suspendedAuthor', Report>;
  let idToName: Map<number, string>;

  const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12));
  const names = (ids: number[]) => ids.map((id) => idToName.get(id) ?? `#${id}`);
  const sorted = (values: string[]) => [...values].sort();

  async function search(params: Record<string, string> = {}, client: HttpClient = member.client) {
    return client.get<Answer>(`/api/reports/search/advanced?${new URLSearchParams(params).toString()}`);
  }
  async function found(params: Record<string, string>): Promise<string[]> {
    const res = await search({ limit: String(LIMITS.pageSizeMax), ...params });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('search');
    return names(res.body.reports.map((item) => item._id));
  }
  async function queue(reports: Report[], operation: 'upsert' | 'delete' = 'upsert') {
    await app.services.sequelize.transaction((transaction) =>
      enqueueReportSearchSync(app.services.models, reports.map((r) => r.id), operation, { transaction }),
    );
  }

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    const { models } = app.services;
    await seedTaxonomy(models);
    tags = await systemTags(models);
    member = await signedInMember(app.baseUrl);
    worker = createSearchOutboxWorker(app.services);

    const shizuku = await createUser({ profile: { username: 'しずく' } });
    const sakura = await createUser({ profile: { username: 'さくら' } });
    const make = (overrides: ReportOverrides) => createReport({ author: shizuku, description: '', ...overrides });

    report.rope = await make({
      title: '初めての練習',
      description: '今日は縄で後ろ手に縛ってもらった。',
      genderTagId: tag(tags.gender, 1).id,
      playCategories: [tag(tags.playCategory, 1)],
      playContents: [tag(tags.playContent, 1)],
      likeCount: 5,
      createdAt: day(1),
    });
    report.collar = await make({
      title: '首輪',
      description: '新しい首輪をつけてもらった夜。',
      genderTagId: tag(tags.gender, 0).id,
      roleTagId: tag(tags.role, 2).id,
      likeCount: 9,
      createdAt: day(2),
    });
    report.kinbaku = await make({
      title: '週末の記録',
      tips: '緊縛の基本を教わりました',
      sexualOrientationTagId: tag(tags.sexualOrientation, 3).id,
      playCategories: [tag(tags.playCategory, 1), tag(tags.playCategory, 2)],
      likeCount: 1,
      createdAt: day(3),
    });
    report.candle = await make({
      title: 'ゆっくりした夜',
      steps: ['部屋を暗くする', 'ろうそくをともす'],
      playCategories: [tag(tags.playCategory, 2)],
      likeCount: 3,
      createdAt: day(4),
    });
    report.spanking = await make({
      title: 'スパンキングの夜',
      tools: [{ name: 'パドル', quantity: '1本' }],
      genderTagId: tag(tags.gender, 1).id,
      playContents: [tag(tags.playContent, 5), tag(tags.playContent, 1)],
      likeCount: 7,
      createdAt: day(5),
    });
    report.park = await createReport({ author: sakura, title: '公園', description: '週末は公園を散歩した', likeCount: 0, createdAt: day(6) });

    // What must never come back, however it is searched: each carries the words searched below.
    hidden.draft = await make({ title: '縄の下書き', description: '縄 首輪 緊縛 ろうそく', isDraft: true, createdAt: day(7) });
    hidden.hiddenByOperator = await make({ title: '縄と首輪', description: '緊縛 ろうそく', createdAt: day(8) });
    const leaving = await createUser({ profile: { username: 'かえで' } });
    hidden.deletedAccount = await createReport({ author: leaving, title: '縄の思い出', description: '首輪 緊縛 ろうそく', createdAt: day(9) });
    const suspended = await createUser({ profile: { username: 'もみじ' } });
    hidden.suspendedAuthor = await createReport({ author: suspended, title: '縄の日', description: '首輪 緊縛 ろうそく', createdAt: day(10) });

    idToName = new Map([...Object.entries(report), ...Object.entries(hidden)].map(([name, r]) => [r.id, name]));

    // Everything indexed first, as it was while public, so that the index has something to forget.
    await queue([...Object.values(report), ...Object.values(hidden)]);
    await drainOutbox(worker, models);

    await hidden.hiddenByOperator.update({ hiddenAt: new Date(), listed: false });
    await queue([hidden.hiddenByOperator]);
    await models.User.update({ suspendedAt: new Date() }, { where: { id: suspended.id } });
    await models.Report.update({ listed: false }, { where: { authorId: suspended.id } });
    await queue([hidden.suspendedAuthor]);
    await deleteAccount(app.services, leaving.id);
    await drainOutbox(worker, models);
  });
  afterAll(() => app?.close());

  it('leaves exactly the listed reports in the index once the outbox is drained', async () => {
    const expected = await listedIds(app.services.models);
    expect(sorted(names(expected))).toEqual(sorted([...FIXTURES]));
    expect(await indexedIds(app.services.search)).toEqual(expected);
  });

  describe('Japanese words', () => {
    it.each<[string, Fixture[]]>([
      ['縄', ['rope']],
      ['首輪', ['collar']],
      ['緊縛', ['kinbaku']],
      ['ろうそく', ['candle']],
      ['スパンキング', ['spanking']],
      ['パドル', ['spanking']],
      ['散歩', ['park']],
      ['スパンキングの夜', ['spanking']],
      ['首輪 夜', ['collar']],
      ['さくら', ['park']],
    ])('%s finds exactly %j', async (query, expected) => {
      expect(sorted(await found({ query }))).toEqual(sorted(expected));
    });

    it.each<[string, Fixture[]]>([
      ['ロープ', ['rope']],
      ['なわ', ['rope']],
      ['カラー', ['collar']],
      ['ボンデージ', ['kinbaku']],
      ['蝋燭', ['candle']],
      ['お尻叩き', ['spanking']],
    ])('the synonym %s finds the report written with its partner (%j)', async (query, expected) => {
      expect(sorted(await found({ query }))).toEqual(sorted(expected));
    });

    it('finds tag names too', async () => {
      const tagName = tag(tags.playCategory, 2).name;
      expect(sorted(await found({ query: tagName }))).toEqual(sorted(['kinbaku', 'candle']));
    });

    it('answers list cards with the author, newest first by default', async () => {
      const res = await search({ query: '夜' });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body.source).toBe('search');
      expect(res.body.total).toBe(3);
      expect(names(res.body.reports.map((item) => item._id))).toEqual(['spanking', 'candle', 'collar']);
      expect(res.body.reports[0]).toEqual({
        _id: report.spanking.id,
        title: 'スパンキングの夜',
        description: '',
        thumbnailUrl: null,
        image: null,
        likeCount: 7,
        createdAt: day(5).toISOString(),
        authorData: { username: 'しずく', iconUrl: null, publicId: expect.any(String) },
        warnings: [],
        warningOther: null,
      });
    });
  });

  describe('filters and order', () => {
    it.each<[string, () => string, Fixture[]]>([
      ['gender', () => String(tag(tags.gender, 1).id), ['rope', 'spanking']],
      ['gender', () => String(tag(tags.gender, 0).id), ['collar']],
      ['sexualOrientation', () => String(tag(tags.sexualOrientation, 3).id), ['kinbaku']],
      ['role', () => String(tag(tags.role, 2).id), ['collar']],
      ['playCategory', () => String(tag(tags.playCategory, 1).id), ['rope', 'kinbaku']],
      ['playCategory', () => String(tag(tags.playCategory, 2).id), ['kinbaku', 'candle']],
      ['playContent', () => String(tag(tags.playContent, 1).id), ['rope', 'spanking']],
      ['playContent', () => String(tag(tags.playContent, 5).id), ['spanking']],
      ['gender', () => '999999', []],
    ])('%s=%s keeps only %j', async (field, value, expected) => {
      expect(sorted(await found({ [field]: value() }))).toEqual(sorted(expected));
    });

    it('combines filters with each other and with words', async () => {
      expect(await found({ query: '夜', gender: String(tag(tags.gender, 1).id) })).toEqual(['spanking']);
      expect(await found({ gender: String(tag(tags.gender, 1).id), playContent: String(tag(tags.playContent, 5).id) })).toEqual(['spanking']);
      expect(await found({ query: '首輪', gender: String(tag(tags.gender, 1).id) })).toEqual([]);
    });

    it('sorts by new, old and like', async () => {
      expect(await found({ sort: 'new' })).toEqual(['park', 'spanking', 'candle', 'kinbaku', 'collar', 'rope']);
      expect(await found({ sort: 'old' })).toEqual(['rope', 'collar', 'kinbaku', 'candle', 'spanking', 'park']);
      expect(await found({ sort: 'like' })).toEqual(['collar', 'spanking', 'rope', 'candle', 'kinbaku', 'park']);
      expect(await found({ query: '夜', sort: 'like' })).toEqual(['collar', 'spanking', 'candle']);
    });

    it('pages with limit and offset and gives the total', async () => {
      const first = await search({ sort: 'old', limit: '4' });
      const second = await search({ sort: 'old', limit: '4', offset: '4' });
      expect(names(first.body.reports.map((item) => item._id))).toEqual(['rope', 'collar', 'kinbaku', 'candle']);
      expect(names(second.body.reports.map((item) => item._id))).toEqual(['spanking', 'park']);
      expect([first.body.total, second.body.total]).toEqual([6, 6]);
    });
  });

  describe('what is never shown', () => {
    it.each(['縄', '首輪', '緊縛', 'ろうそく', 'かえで', 'もみじ', ''])('%p shows no draft, hidden, deleted or suspended report', async (query) => {
      const res = await search({ query, limit: String(LIMITS.pageSizeMax) });
      expect(res.status).toBe(200);
      const shown = res.body.reports.map((item) => item._id);
      for (const r of Object.values(hidden)) expect(shown).not.toContain(r.id);
    });

    it('shows a report hidden after it was indexed nowhere, even before the index caught up', async () => {
      await report.park.update({ hiddenAt: new Date(), listed: false });
      try {
        // No outbox row on purpose: the index still has it, the database must keep it out.
        expect(await found({ query: '散歩' })).toEqual([]);
      } finally {
        await report.park.update({ hiddenAt: null, listed: true });
      }
      expect(await found({ query: '散歩' })).toEqual(['park']);
    });
  });

  describe('refused input', () => {
    const evilValues = ['1 OR 1=1', '1 OR gender != 0', '"\'', '7" OR "1" = "1', "7') OR (1=1", '1 AND role EXISTS', '-1', '0', '1.5', '0x10', ' ', '１'];

    it.each(['gender', 'sexualOrientation', 'role', 'playCategory', 'playContent'])('refuses a %s that is not a plain id, in Japanese', async (field) => {
      for (const value of evilValues.filter((v) => v.trim() !== '')) {
        const res = await search({ [field]: value });
        expect({ value, status: res.status }).toEqual({ value, status: 400 });
        expect(res.body).toEqual({ error: 'validation_error', message: TEXTS.search.filterInvalid, fields: { [field]: TEXTS.search.filterInvalid } });
      }
      const repeated = await member.client.get<Answer>(`/api/reports/search/advanced?${field}=1&${field}=2`);
      expect(repeated.status).toBe(400);
    });

    it('treats operators typed as words as plain words', async () => {
      for (const query of ['1 OR authorId != 0', '" OR gender EXISTS', "') OR ('1'='1"]) {
        const res = await search({ query });
        expect(res.status).toBe(200);
        expect(res.body.reports).toEqual([]);
      }
      // Only punctuation (LIKE wildcards included) is no word at all: the same as an empty search.
      expect(sorted(await found({ query: '% _ \\' }))).toEqual(sorted([...FIXTURES]));
    });

    it.each<[Record<string, string>, string]>([
      [{ sort: 'random' }, TEXTS.search.sortInvalid],
      [{ limit: '0' }, TEXTS.search.limitInvalid],
      [{ limit: String(LIMITS.pageSizeMax + 1) }, TEXTS.search.limitInvalid],
      [{ limit: 'ten' }, TEXTS.search.limitInvalid],
      [{ offset: '-1' }, TEXTS.search.pagingInvalid],
      [{ offset: '2.5' }, TEXTS.search.pagingInvalid],
      [{ query: 'あ'.repeat(LIMITS.searchQueryMax + 1) }, TEXTS.search.queryTooLong],
    ])('refuses %j with a Japanese message', async (params, message) => {
      const before = await app.services.models.SearchQuery.count();
      const res = await search(params);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await app.services.models.SearchQuery.count()).toBe(before);
    });

    it('accepts a query of exactly the maximum length', async () => {
      expect((await search({ query: 'あ'.repeat(LIMITS.searchQueryMax) })).status).toBe(200);
    });

    it('asks anonymous visitors to log in, like the other report lists', async () => {
      const res = await search({ query: '縄' }, createHttpClient(app.baseUrl));
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(TEXTS.common.unauthorized);
    });
  });

  describe('search log', () => {
    it('keeps a member’s query normalised, once per search, never an empty one', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      const logged = () => app.services.models.SearchQuery.findAll({ where: { userId: user.id }, order: [['id', 'ASC']] });
      await search({ query: '  ＳＭ　　Rope  ' }, client);
      await search({ query: '  ＳＭ　　Rope  ', offset: '8' }, client);
      await search({ query: '   ' }, client);
      await search({ gender: String(tag(tags.gender, 1).id) }, client);
      await search({ query: 'ろうそく' }, client);
      expect((await logged()).map((row) => row.query)).toEqual(['sm rope', 'ろうそく']);
    });
  });

  describe('without Meilisearch', () => {
    it('answers the same searches from the database', async () => {
      const deadSearch = createSearchService({ host: `http://127.0.0.1:${await findFreePort()}`, indexPrefix: 'none_' });
      const fromDatabase = createReportSearch({ ...app.services, search: deadSearch });
      const fromEngine = createReportSearch(app.services);
      const base: ReportSearchQuery = { query: '', sort: 'new', gender: null, sexualOrientation: null, role: null, playCategory: null, playContent: null, limit: 50, offset: 0 };
      const cases: Array<Partial<ReportSearchQuery>> = [
        {},
        { query: '縄' },
        { query: 'ロープ' },
        { query: '首輪 夜' },
        { query: 'パドル' },
        { query: 'さくら' },
        { query: tag(tags.playCategory, 2).name },
        { sort: 'old' },
        { sort: 'like' },
        { query: '夜', sort: 'like' },
        { gender: tag(tags.gender, 1).id },
        { playCategory: tag(tags.playCategory, 1).id },
        { playContent: tag(tags.playContent, 5).id, gender: tag(tags.gender, 1).id },
        { sexualOrientation: tag(tags.sexualOrientation, 3).id },
        { role: tag(tags.role, 2).id },
        { sort: 'old', limit: 2, offset: 2 },
        { query: '% _' },
        { query: '縄 %' },
        { query: '100%' },
      ];
      for (const overrides of cases) {
        const input = { ...base, ...overrides };
        const [engine, database] = await Promise.all([fromEngine(input), fromDatabase(input)]);
        expect({ input: overrides, source: engine.source }).toEqual({ input: overrides, source: 'search' });
        // The database does not count: a page that is not the last adds one to the reports so far.
        const shown = input.offset + engine.reports.length;
        expect({ input: overrides, source: database.source, total: database.total, ids: names(database.reports.map((r) => r.id)), notice: database.notice }).toEqual({
          input: overrides,
          source: 'database',
          total: engine.total > shown ? shown + 1 : engine.total,
          ids: names(engine.reports.map((r) => r.id)),
          notice: null,
        });
      }
    });

    it('says when it searched only the newest reports, and shows what it found among them', async () => {
      const deadSearch = createSearchService({ host: `http://127.0.0.1:${await findFreePort()}`, indexPrefix: 'none_' });
      const bounded = createReportSearch({ ...app.services, search: deadSearch }, { databaseBounds: { scanReports: 2, timeLimitMs: 10_000 } });
      const unbounded = createReportSearch({ ...app.services, search: deadSearch });
      const base: ReportSearchQuery = { query: '', sort: 'new', gender: null, sexualOrientation: null, role: null, playCategory: null, playContent: null, limit: 50, offset: 0 };
      const all = await unbounded(base);
      expect(all.notice).toBeNull();
      const newest = await bounded(base);
      expect(newest).toMatchObject({ source: 'database', total: 2, notice: TEXTS.search.limited });
      expect(names(newest.reports.map((r) => r.id))).toEqual(names(all.reports.slice(0, 2).map((r) => r.id)));
    });
  });
});
