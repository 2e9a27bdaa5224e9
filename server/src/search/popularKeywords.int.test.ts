import { FALLBACK_POPULAR_KEYWORDS, LIMITS, POPULAR_KEYWORDS_MAX } from '@hiraku/shared';
import { createReport, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import type { User } from '../models';
import { seedTaxonomy } from '../seed/taxonomy';
import { loadPopularKeywords, loadPopularKeywordSources } from './popularKeywords';
import { recordSearchQuery } from './searchLog';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_BACKENDS)('popular keywords on %s', (_name, open) => {
  let db: TestBackend;
  const now = new Date('2025-03-01T00:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  beforeAll(async () => {
    db = await open();
    await seedTaxonomy(db.models);
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    await db.models.SearchQuery.destroy({ where: {} });
    await db.models.Report.destroy({ where: {} });
  });

  const members = (count: number) => Promise.all(Array.from({ length: count }, () => createUser()));
  async function searchedBy(query: string, count: number, when = daysAgo(1)) {
    for (const member of await members(count)) await recordSearchQuery(db.models, member.id, query, when);
  }
  /** Listed reports choosing the tag `name` as a play content, one by each of `authors` (new members when a count). */
  async function taggedBy(name: string, authors: number | User[], overrides: Parameters<typeof createReport>[0] = {}) {
    const tag = await db.models.Tag.findOne({ where: { name } });
    if (!tag) throw new Error(`no tag ${name}`);
    const writers = typeof authors === 'number' ? await members(authors) : authors;
    return Promise.all(writers.map((author) => createReport({ author, playContents: [tag], ...overrides })));
  }
  const tagWords = async () => (await loadPopularKeywordSources(db.sequelize, now)).tags;

  it('falls back to the six words of docs/product.md when nobody has searched anything yet', async () => {
    expect(await loadPopularKeywords(db.sequelize, now)).toEqual([...FALLBACK_POPULAR_KEYWORDS]);
  });

  it(`needs ${LIMITS.popularKeywordMinMembers} different members, not one member searching many times`, async () => {
    await searchedBy('亀甲縛り', 3);
    await searchedBy('ペニバン', 2);
    const [eager] = await members(1);
    for (let i = 0; i < 10; i += 1) await recordSearchQuery(db.models, eager?.id ?? 0, '電車', daysAgo(1));
    expect((await loadPopularKeywordSources(db.sequelize, now)).queries).toEqual(['亀甲縛り']);
  });

  it(`forgets searches older than ${LIMITS.popularKeywordDays} days`, async () => {
    await searchedBy('くすぐり', 3, daysAgo(LIMITS.popularKeywordDays + 1));
    await searchedBy('アイマスク', 3, daysAgo(LIMITS.popularKeywordDays - 1));
    expect((await loadPopularKeywordSources(db.sequelize, now)).queries).toEqual(['アイマスク']);
  });

  it('counts spellings that differ only in width, case and spaces as one word', async () => {
    const [a, b, c] = await members(3);
    await recordSearchQuery(db.models, a?.id ?? 0, 'ＳＭ  Play', daysAgo(1));
    await recordSearchQuery(db.models, b?.id ?? 0, 'sm play', daysAgo(1));
    await recordSearchQuery(db.models, c?.id ?? 0, ' SM PLAY ', daysAgo(1));
    expect((await loadPopularKeywordSources(db.sequelize, now)).queries).toEqual(['sm play']);
  });

  it('ranks by members, mixes in popular tags without repeats, and keeps gender and orientation tags out', async () => {
    await searchedBy('縄', 5);
    await searchedBy('亀甲縛り', 4);
    await searchedBy('目隠し', 3);
    await taggedBy('女性', 7);
    await taggedBy('ヘテロセクシュアル', 6);
    await taggedBy('縄', 5);
    await taggedBy('スパンキング', 4);
    await taggedBy('首輪', 3);
    const keywords = await loadPopularKeywords(db.sequelize, now);
    expect(keywords.slice(0, 5)).toEqual(['縄', '亀甲縛り', 'スパンキング', '目隠し', '首輪']);
    expect(keywords).not.toContain('女性');
    expect(keywords).not.toContain('ヘテロセクシュアル');
    // Five own words; the fallback fills up to six without repeating one.
    expect(keywords).toEqual(['縄', '亀甲縛り', 'スパンキング', '目隠し', '首輪', 'サディスト']);
  });

  it(`answers at most ${POPULAR_KEYWORDS_MAX} words`, async () => {
    for (let i = 0; i < 8; i += 1) await searchedBy(`言葉${i}`, 3);
    const tagNames = ['スパンキング', '首輪', '縄', '目隠し', 'パドル', 'ろうそく', '緊縛', '調教'];
    for (const name of tagNames) await taggedBy(name, LIMITS.popularKeywordMinMembers);
    const keywords = await loadPopularKeywords(db.sequelize, now);
    expect(keywords).toHaveLength(POPULAR_KEYWORDS_MAX);
    expect(new Set(keywords).size).toBe(POPULAR_KEYWORDS_MAX);
  });

  describe('tags, counted from listed reports only', () => {
    it(`need ${LIMITS.popularKeywordMinMembers} different authors, not one author writing many reports`, async () => {
      const [prolific] = await members(1);
      await taggedBy('スパンキング', Array.from({ length: 6 }, () => prolific as User));
      await taggedBy('首輪', LIMITS.popularKeywordMinMembers - 1);
      await taggedBy('縄', LIMITS.popularKeywordMinMembers);
      expect(await tagWords()).toEqual(['縄']);
    });

    it('leave out drafts, hidden reports and suspended authors', async () => {
      const authors = await members(LIMITS.popularKeywordMinMembers);
      await taggedBy('縄', authors);
      await taggedBy('目隠し', 1, { isDraft: true });
      expect(await tagWords()).toEqual(['縄']);

      const [first] = await db.models.Report.findAll({ where: { authorId: authors[0]?.id } });
      await first?.update({ hiddenAt: new Date(), listed: false });
      expect(await tagWords()).toEqual([]);
      await first?.update({ hiddenAt: null, listed: true });
      expect(await tagWords()).toEqual(['縄']);

      await authors[1]?.update({ suspendedAt: new Date() });
      expect(await tagWords()).toEqual([]);
    });

    it('forget a deleted report and a deleted account at once', async () => {
      const authors = await members(LIMITS.popularKeywordMinMembers);
      const reports = await taggedBy('縄', authors);
      expect(await tagWords()).toEqual(['縄']);
      await reports[0]?.destroy();
      expect(await tagWords()).toEqual([]);
      await taggedBy('縄', [authors[0] as User]);
      expect(await tagWords()).toEqual(['縄']);
      await authors[2]?.destroy();
      expect(await tagWords()).toEqual([]);
    });
  });
});
