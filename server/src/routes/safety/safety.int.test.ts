import { LIMITS, TEXTS, type BlockList, type CommentItem, type ErrorBody, type MutedWordList, type MuteList, type ReportPage, type ReportSearchResponse } from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import type { HttpClient } from '../../../test/support/httpClient';
import { drainOutbox } from '../../../test/support/searchOutbox';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { deleteAccount } from '../../commands/accountDeleter';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';
import type { Report, User } from '../../models';
import { createReportSearch } from '../../search/reportSearch';
import { createSearchService } from '../../search/searchService';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { writeTransaction } from '../../db/transaction';
import { canNotify } from '../../visibility';

/**
 * Block, mute and muted words (issue 19) on every read path, over HTTP on MariaDB and Meilisearch:
 * the feed in each sort (and the like-sorted catch-up), detail, comments, search and its database
 * fallback, public profile and its list, likes and comments.
 */
describe('block, mute and muted words', () => {
  let app: TestApp;
  let worker: SearchOutboxWorker;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    worker = createSearchOutboxWorker(app.services);
  });
  afterAll(() => app?.close());

  const models = () => app.services.models;
  const sync = () => drainOutbox(worker, models());

  /** A report of `author` with `word` in its title, indexed. */
  async function reportOf(author: User, word: string, extra: Parameters<typeof createReport>[0] = {}): Promise<Report> {
    const report = await createReport({ author, title: `${word}の記録`, ...extra });
    await writeTransaction(app.services.sequelize, (transaction) => enqueueReportSearchSync(models(), [report.id], 'upsert', { transaction }));
    return report;
  }

  /** Whether `report` shows on every list path for `viewer`, and what detail and profile answer. */
  async function seenBy(viewer: HttpClient, report: Report, author: User, word: string) {
    await sync();
    const feeds = await Promise.all(['new', 'old', 'like'].map((sort) => viewer.get<ReportPage>(`/api/reports/infinite?sort=${sort}&limit=50`)));
    const search = await viewer.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: word })}`);
    expect(search.body.source).toBe('search');
    const theirList = await viewer.get<Array<{ _id: number }>>(`/api/reports?publicId=${author.publicId}`);
    const fallback = await databaseSearch(viewer, word, report.id);
    return {
      feeds: feeds.map((feed) => feed.body.data.some((item) => item._id === report.id)),
      search: search.body.reports.some((item) => item._id === report.id),
      fallback,
      theirList: theirList.status === 200 ? theirList.body.some((item) => item._id === report.id) : theirList.status,
      detail: (await viewer.get(`/api/reports/${report.id}`)).status,
      profile: (await viewer.get(`/api/profile/${author.publicId}`)).status,
    };
  }

  /** The database fallback search as the viewer (the engine made unreachable for this search only). */
  const viewerIds = new Map<HttpClient, number>();
  async function databaseSearch(viewer: HttpClient, word: string, reportId: number): Promise<boolean> {
    const search = createReportSearch({ ...app.services, search: createSearchService({ host: 'http://127.0.0.1:9', apiKey: 'x', indexPrefix: 'none_' }) });
    const found = await search({ query: word, sort: 'new', limit: 50, offset: 0, gender: null, sexualOrientation: null, role: null, playCategory: null, playContent: null }, { id: viewerIds.get(viewer) ?? 0, now: new Date() });
    expect(found.source).toBe('database');
    return found.reports.some((card) => card.id === reportId);
  }

  async function member() {
    const signed = await signedInMember(app.baseUrl);
    viewerIds.set(signed.client, signed.user.id);
    return signed;
  }

  const everywhere = { feeds: [true, true, true], search: true, fallback: true, theirList: true, detail: 200, profile: 200 };
  const nowhere = { feeds: [false, false, false], search: false, fallback: false };

  it('a block hides both members from each other everywhere; the blocked one cannot tell', async () => {
    const blocker = await member();
    const blocked = await member();
    const wordA = `縛り${Date.now()}a`;
    const wordB = `縛り${Date.now()}b`;
    const byBlocked = await reportOf(blocked.user, wordA);
    const byBlocker = await reportOf(blocker.user, wordB);
    expect(await seenBy(blocker.client, byBlocked, blocked.user, wordA)).toEqual(everywhere);

    const res = await blocker.client.post<{ message: string }>(`/api/blocks/${blocked.user.publicId}`);
    expect([res.status, res.body.message]).toEqual([200, TEXTS.safety.blocked]);

    // The blocker: nothing in lists, their profile still reachable (to lift the block), detail refused with a reason.
    expect(await seenBy(blocker.client, byBlocked, blocked.user, wordA)).toEqual({ ...nowhere, theirList: false, detail: 403, profile: 200 });
    // The blocked member: exactly what a member who does not exist looks like.
    const nobody = await blocked.client.get<ErrorBody>('/api/profile/nobodyAtAll12');
    const hidden = await blocked.client.get<ErrorBody>(`/api/profile/${blocker.user.publicId}`);
    expect([hidden.status, hidden.body.message]).toEqual([nobody.status, nobody.body.message]);
    const missingReport = await blocked.client.get<ErrorBody>('/api/reports/999999999');
    const blockedReport = await blocked.client.get<ErrorBody>(`/api/reports/${byBlocker.id}`);
    expect([blockedReport.status, blockedReport.body.message]).toEqual([missingReport.status, missingReport.body.message]);
    expect(await seenBy(blocked.client, byBlocker, blocker.user, wordB)).toEqual({ ...nowhere, theirList: 404, detail: 404, profile: 404 });

    // Likes and comments: a Japanese refusal for the blocker, a plain 404 for the blocked; nothing written.
    const like = await blocker.client.post<ErrorBody>(`/api/likes/${byBlocked.id}/toggle`, { liked: true });
    expect([like.status, like.body.message]).toEqual([403, TEXTS.safety.youBlockedThem]);
    const likeBack = await blocked.client.post<ErrorBody>(`/api/likes/${byBlocker.id}/toggle`, { liked: true });
    expect([likeBack.status, likeBack.body.message]).toEqual([404, TEXTS.like.notFound]);
    const comment = await blocker.client.post<ErrorBody>('/api/comments', { articleId: byBlocked.id, text: 'こんにちは' });
    expect([comment.status, comment.body.message]).toEqual([403, TEXTS.safety.youBlockedThem]);
    const commentBack = await blocked.client.post<ErrorBody>('/api/comments', { articleId: byBlocker.id, text: 'こんにちは' });
    expect([commentBack.status, commentBack.body.message]).toEqual([404, TEXTS.report.notFound]);
    expect(await models().Like.count({ where: { reportId: [byBlocked.id, byBlocker.id] } })).toBe(0);
    expect(await models().Comment.count({ where: { reportId: [byBlocked.id, byBlocker.id] } })).toBe(0);

    // Notifications between them never arrive (the function the notifications use).
    expect(await canNotify(app.services.sequelize, blocked.user.id, blocker.user.id)).toBe(false);
    expect(await canNotify(app.services.sequelize, blocker.user.id, blocked.user.id)).toBe(false);

    expect((await blocker.client.get<BlockList>('/api/blocks')).body.members.map((m) => m.publicId)).toEqual([blocked.user.publicId]);
    expect((await blocker.client.delete(`/api/blocks/${blocked.user.publicId}`)).status).toBe(200);
    expect(await seenBy(blocker.client, byBlocked, blocked.user, wordA)).toEqual(everywhere);
    expect(await canNotify(app.services.sequelize, blocked.user.id, blocker.user.id)).toBe(true);
  });

  it('search pages stay full and miss nothing when most results come from members the viewer hides', async () => {
    const me = await member();
    const [blocked, muted, other] = [await member(), await member(), await member()];
    const word = `蝋燭${Date.now()}`;
    // Newest first: the three shown reports come after seven hidden ones, past the engine's first window of ids.
    const shown = [await reportOf(other.user, `${word}一`), await reportOf(other.user, `${word}二`), await reportOf(other.user, `${word}三`)];
    const hidden = [];
    for (let i = 0; i < 7; i += 1) hidden.push(await reportOf(i % 2 ? blocked.user : muted.user, `${word}隠${i}`));
    const holdingWord = await reportOf(other.user, `${word}ミュート語入り`);
    expect((await me.client.post(`/api/blocks/${blocked.user.publicId}`)).status).toBe(200);
    expect((await me.client.post(`/api/mutes/${muted.user.publicId}`, {})).status).toBe(200);
    expect((await me.client.post('/api/muted-words', { word: 'ミュート語入り', expiresIn: 'forever' })).status).toBe(201);
    await sync();

    // Pages of 2, as the client asks them: the next starts 2 further on, repeats merged by id; a short page is the last.
    const seen: number[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = await me.client.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: word, limit: '2', offset: String(offset) })}`);
      expect([page.status, page.body.source]).toEqual([200, 'search']);
      for (const item of page.body.reports) if (!seen.includes(item._id)) seen.push(item._id);
      if (page.body.reports.length < 2) break;
      expect(offset).toBeLessThan(20);
    }
    expect(seen).toEqual(shown.map((report) => report.id).reverse());
    expect(seen).not.toContain(holdingWord.id);
    for (const report of hidden) expect(seen).not.toContain(report.id);
  });

  it("a block hides the other member's comments both ways", async () => {
    const author = await member();
    const blocker = await member();
    const blocked = await member();
    const report = await reportOf(author.user, `コメント${Date.now()}`);
    for (const { client } of [blocker, blocked]) expect((await client.post('/api/comments', { articleId: report.id, text: '素敵な記録です' })).status).toBe(201);
    await blocker.client.post(`/api/blocks/${blocked.user.publicId}`);
    const authors = async (client: HttpClient) => (await client.get<CommentItem[]>(`/api/comments?articleId=${report.id}`)).body.map((c) => c.publicId).sort();
    expect(await authors(blocker.client)).toEqual([blocker.user.publicId]);
    expect(await authors(blocked.client)).toEqual([blocked.user.publicId]);
    expect(await authors(author.client)).toEqual([blocker.user.publicId, blocked.user.publicId].sort());
  });

  it('refuses to block oneself, an unknown member, and more than the limit', async () => {
    const me = await member();
    const self = await me.client.post<ErrorBody>(`/api/blocks/${me.user.publicId}`);
    expect([self.status, self.body.message]).toEqual([400, TEXTS.safety.blockSelf]);
    const unknown = await me.client.post<ErrorBody>('/api/blocks/nobodyAtAll12');
    expect([unknown.status, unknown.body.message]).toEqual([404, TEXTS.safety.memberNotFound]);
    const others = await Promise.all(Array.from({ length: LIMITS.blocksMax }, () => createUser({ profile: null })));
    await models().Block.bulkCreate(others.map((other) => ({ blockerId: me.user.id, blockedId: other.id })));
    const over = await me.client.post<ErrorBody>(`/api/blocks/${(await createUser()).publicId}`);
    expect([over.status, over.body.message]).toEqual([409, TEXTS.safety.tooManyBlocks]);
    expect(await models().Block.count({ where: { blockerId: me.user.id } })).toBe(LIMITS.blocksMax);
  });

  it('a mute hides their reports and comments from me only, and ends by itself', async () => {
    const me = await member();
    const muted = await member();
    const word = `鞭${Date.now()}`;
    const report = await reportOf(muted.user, word);
    const mine = await reportOf(me.user, `${word}自分`);
    expect((await muted.client.post('/api/comments', { articleId: mine.id, text: 'ありがとう' })).status).toBe(201);

    expect((await me.client.post(`/api/mutes/${muted.user.publicId}`, {})).status).toBe(200);
    // Detail stays reachable (a mute is quiet), every list leaves them out, the profile list is empty.
    expect(await seenBy(me.client, report, muted.user, word)).toEqual({ ...nowhere, theirList: false, detail: 200, profile: 200 });
    expect((await me.client.get<CommentItem[]>(`/api/comments?articleId=${mine.id}`)).body).toEqual([]);
    // The muted member notices nothing.
    expect(await seenBy(muted.client, mine, me.user, word)).toEqual(everywhere);
    expect((await me.client.get<MuteList>('/api/mutes')).body.members.map((m) => [m.publicId, m.until])).toEqual([[muted.user.publicId, null]]);

    // A mute whose end has passed counts no more, on every path.
    await models().Mute.update({ until: new Date(Date.now() - 1000) }, { where: { muterId: me.user.id } });
    expect(await seenBy(me.client, report, muted.user, word)).toEqual(everywhere);
    expect((await me.client.get<MuteList>('/api/mutes')).body.members).toEqual([]);

    const past = await me.client.post<ErrorBody>(`/api/mutes/${muted.user.publicId}`, { until: new Date(Date.now() - 60_000).toISOString() });
    expect([past.status, past.body.message]).toEqual([400, TEXTS.safety.muteUntilPast]);
  });

  it('a muted word hides reports in every width, case and kana, collapses comments, and expires', async () => {
    const me = await member();
    const author = await member();
    const tag = `${Date.now()}`;
    const inTitle = await reportOf(author.user, `ﾛｰﾌﾟ${tag}`);
    const inStep = await reportOf(author.user, `手順${tag}`, { steps: ['ろーぷを結ぶ'] });
    const inTool = await reportOf(author.user, `道具${tag}`, { tools: [{ name: 'ＲＯＰＥロープ' }] });
    const words = new Map([[inTitle, `ﾛｰﾌﾟ${tag}`], [inStep, `手順${tag}`], [inTool, `道具${tag}`]]);
    const clean = await reportOf(author.user, `無関係${tag}`);
    const mine = await reportOf(me.user, `ロープ${tag}自分`);
    await author.client.post('/api/comments', { articleId: clean.id, text: '次はロープで' });

    const added = await me.client.post<{ word: { id: number; expiresAt: string | null } }>('/api/muted-words', { word: 'ロープ', expiresIn: '7d' });
    expect(added.status).toBe(201);
    expect(Date.parse(added.body.word.expiresAt ?? '') - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    await sync();

    for (const [report, word] of words) expect(await seenBy(me.client, report, author.user, word)).toMatchObject({ ...nowhere, theirList: false, detail: 200 });
    expect(await seenBy(me.client, clean, author.user, `無関係${tag}`)).toEqual(everywhere);
    // One's own reports are never hidden from oneself.
    expect((await me.client.get<ReportPage>('/api/reports/infinite?sort=new&limit=50')).body.data.map((r) => r._id)).toContain(mine.id);
    const comments = (await me.client.get<CommentItem[]>(`/api/comments?articleId=${clean.id}`)).body;
    expect(comments.map((c) => [c.text, c.mutedWord])).toEqual([['次はロープで', true]]);
    expect((await author.client.get<CommentItem[]>(`/api/comments?articleId=${clean.id}`)).body.map((c) => c.mutedWord)).toEqual([false]);

    // The same word again (another spelling) replaces the expiry instead of adding a row.
    expect((await me.client.post('/api/muted-words', { word: 'ろーぷ', expiresIn: 'forever' })).status).toBe(201);
    expect((await me.client.get<MutedWordList>('/api/muted-words')).body.words.map((w) => [w.word, w.expiresAt])).toEqual([['ろーぷ', null]]);

    await models().MutedWord.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { userId: me.user.id } });
    expect(await seenBy(me.client, inTitle, author.user, `ﾛｰﾌﾟ${tag}`)).toEqual(everywhere);
    expect((await me.client.get<MutedWordList>('/api/muted-words')).body.words).toEqual([]);
  });

  it('checks muted words: length, duration, the limit, and only one own words can be removed', async () => {
    const me = await member();
    const other = await member();
    const long = await me.client.post<ErrorBody>('/api/muted-words', { word: 'あ'.repeat(LIMITS.mutedWordMax + 1), expiresIn: '1d' });
    expect([long.status, long.body.message]).toEqual([400, TEXTS.safety.wordLength]);
    const blank = await me.client.post<ErrorBody>('/api/muted-words', { word: '  ', expiresIn: '1d' });
    expect(blank.status).toBe(400);
    const badDuration = await me.client.post<ErrorBody>('/api/muted-words', { word: '縄', expiresIn: '2d' });
    expect(badDuration.status).toBe(400);
    await models().MutedWord.bulkCreate(
      Array.from({ length: LIMITS.mutedWordsMax }, (_, i) => ({ userId: me.user.id, word: `w${i}`, folded: `w${i}`, pattern: `%w${i}%`, expiresAt: null })),
    );
    const over = await me.client.post<ErrorBody>('/api/muted-words', { word: '縄', expiresIn: '1d' });
    expect([over.status, over.body.message]).toEqual([409, TEXTS.safety.tooManyWords]);
    const [word] = await models().MutedWord.findAll({ where: { userId: me.user.id }, limit: 1 });
    expect((await other.client.delete(`/api/muted-words/${word!.id}`)).status).toBe(404);
    expect((await me.client.delete(`/api/muted-words/${word!.id}`)).status).toBe(200);
    expect(await models().MutedWord.count({ where: { userId: me.user.id } })).toBe(LIMITS.mutedWordsMax - 1);
  });

  it('the like-sorted catch-up leaves out what the viewer must not see', async () => {
    const me = await member();
    const muted = await member();
    const likers = await Promise.all(Array.from({ length: 3 }, () => member()));
    // Many reports with one like so the first page ends among them, and a muted member's report liked across the boundary.
    const filler = await Promise.all(Array.from({ length: 4 }, (_, i) => reportOf((likers[0] as { user: User }).user, `埋め${i}${Date.now()}`)));
    const hidden = await reportOf(muted.user, `隠す${Date.now()}`);
    await me.client.post(`/api/mutes/${muted.user.publicId}`, {});
    const first = await me.client.get<ReportPage>('/api/reports/infinite?sort=like&limit=2');
    for (const liker of likers) await liker.client.post(`/api/likes/${hidden.id}/toggle`, { liked: true });
    let key = first.body.nextKey;
    const seen = [...first.body.data.map((r) => r._id)];
    while (key) {
      const page = await me.client.get<ReportPage>(`/api/reports/infinite?sort=like&limit=2&lastKey=${encodeURIComponent(key)}`);
      seen.push(...page.body.data.map((r) => r._id));
      key = page.body.nextKey;
    }
    expect(seen).not.toContain(hidden.id);
    expect(seen).toEqual(expect.arrayContaining(filler.map((r) => r.id)));
  });

  it('deleting an account removes its blocks, mutes and words, both ways', async () => {
    const leaving = await member();
    const other = await member();
    await leaving.client.post(`/api/blocks/${other.user.publicId}`);
    await other.client.post(`/api/blocks/${leaving.user.publicId}`);
    await leaving.client.post(`/api/mutes/${other.user.publicId}`, {});
    await other.client.post(`/api/mutes/${leaving.user.publicId}`, {});
    await leaving.client.post('/api/muted-words', { word: '蝋燭', expiresIn: 'forever' });
    await deleteAccount(app.services, leaving.user.id);
    const { Block, Mute, MutedWord } = models();
    expect(await Block.count({ where: { blockerId: [leaving.user.id, other.user.id] } })).toBe(0);
    expect(await Mute.count({ where: { muterId: [leaving.user.id, other.user.id] } })).toBe(0);
    expect(await MutedWord.count({ where: { userId: leaving.user.id } })).toBe(0);
  });
});
