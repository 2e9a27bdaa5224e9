import { FOLLOW_LIMITS, TEXTS, type CommentItem, type ErrorBody, type FollowedTopics, type FollowList, type FollowerList, type ReportPage, type ReportSearchResponse } from '@hiraku/shared';
import { createCategory, createReport, createTag, createUser } from '../../../test/factories';
import { publishableForm, sendReportForm, systemTags } from '../../../test/support/reports';
import type { HttpClient } from '../../../test/support/httpClient';
import { drainOutbox } from '../../../test/support/searchOutbox';
import { memberWithSession } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { writeTransaction } from '../../db/transaction';
import { seedTaxonomy } from '../../seed/taxonomy';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';
import type { Report, User } from '../../models';
import { createReportSearch } from '../../search/reportSearch';
import { createSearchService } from '../../search/searchService';

/**
 * Follows (issue 36) over HTTP on MariaDB and Meilisearch: follow and unfollow, approval, privacy (no
 * endpoint tells whom another member follows), フォロワーのみ reports on every read path for each kind of
 * viewer, blocks ending follows, and the フォロー中 feed's keyset paging.
 */
describe('follows', () => {
  let app: TestApp;
  let worker: SearchOutboxWorker;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    worker = createSearchOutboxWorker(app.services);
    await seedTaxonomy(app.services.models);
  });
  afterAll(() => app?.close());

  const models = () => app.services.models;
  const sync = () => drainOutbox(worker, models());
  const viewerIds = new Map<HttpClient, number>();

  async function member(overrides: Parameters<typeof createUser>[0] = {}) {
    const signed = await memberWithSession(app, overrides);
    viewerIds.set(signed.client, signed.user.id);
    return signed;
  }

  async function reportOf(author: User, word: string, extra: Parameters<typeof createReport>[0] = {}): Promise<Report> {
    const report = await createReport({ author, title: `${word}の記録`, ...extra });
    await writeTransaction(app.services.sequelize, (transaction) => enqueueReportSearchSync(models(), [report.id], 'upsert', { transaction }));
    return report;
  }

  const feedIds = async (client: HttpClient, sort: string) =>
    (await client.get<ReportPage>(`/api/reports/infinite?sort=${sort}&limit=50`)).body.data.map((item) => item._id);

  async function databaseSearch(viewer: HttpClient, word: string, reportId: number): Promise<boolean> {
    const search = createReportSearch({ ...app.services, search: createSearchService({ host: 'http://127.0.0.1:9', apiKey: 'x', indexPrefix: 'none_' }) });
    const found = await search(
      { query: word, sort: 'new', limit: 50, offset: 0, gender: null, sexualOrientation: null, role: null, playCategory: null, playContent: null },
      { id: viewerIds.get(viewer) ?? 0, now: new Date() },
    );
    expect(found.source).toBe('database');
    return found.reports.some((card) => card.id === reportId);
  }

  /** Where `report` shows for `viewer`, on every read path. */
  async function seenBy(viewer: HttpClient, report: Report, author: User, word: string) {
    await sync();
    const feeds = await Promise.all(['new', 'old', 'like', 'following'].map(async (sort) => (await feedIds(viewer, sort)).includes(report.id)));
    const search = await viewer.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: word })}`);
    const theirList = await viewer.get<Array<{ _id: number }>>(`/api/reports?publicId=${author.publicId}`);
    const comments = await viewer.get<CommentItem[]>(`/api/comments?articleId=${report.id}`);
    return {
      feeds,
      search: search.body.reports.some((item) => item._id === report.id),
      fallback: await databaseSearch(viewer, word, report.id),
      theirList: theirList.status === 200 ? theirList.body.some((item) => item._id === report.id) : theirList.status,
      detail: (await viewer.get(`/api/reports/${report.id}`)).status,
      comments: comments.status,
      likes: (await viewer.get(`/api/likes/${report.id}`)).status,
    };
  }

  it('follows and unfollows a member, a tag and a category; refuses oneself, nobody and a second of nothing', async () => {
    const { client, user } = await member();
    const author = await createUser();
    const category = await createCategory();
    const tag = await createTag({ category });

    const followed = await client.post<{ message: string; state: string }>(`/api/follows/members/${author.publicId}`);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ message: TEXTS.follow.followed, state: 'approved' });
    // Again: nothing changes.
    expect((await client.post(`/api/follows/members/${author.publicId}`)).status).toBe(200);
    expect((await client.post(`/api/follows/tags/${tag.id}`)).status).toBe(200);
    expect((await client.post(`/api/follows/categories/${category.id}`)).status).toBe(200);
    const mine = await client.get<FollowList>('/api/follows');
    expect(mine.body.total).toBe(3);
    expect(mine.body.items.map((item) => `${item.kind}:${item.key}`).sort()).toEqual([`category:${category.id}`, `member:${author.publicId}`, `tag:${tag.id}`].sort());
    // The report page's buttons read every followed tag and category at once.
    expect((await client.get<FollowedTopics>('/api/follows/topic-ids')).body).toEqual({ tags: [tag.id], categories: [category.id] });

    const self = await client.post<ErrorBody>(`/api/follows/members/${user.publicId}`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(TEXTS.follow.followSelf);
    expect((await client.post<ErrorBody>('/api/follows/members/nobody-at-all')).status).toBe(404);
    expect((await client.post<ErrorBody>('/api/follows/tags/99999999')).body.message).toBe(TEXTS.follow.tagNotFound);
    expect((await client.post<ErrorBody>('/api/follows/categories/99999999')).status).toBe(404);

    expect((await client.delete(`/api/follows/members/${author.publicId}`)).status).toBe(200);
    expect((await client.delete(`/api/follows/tags/${tag.id}`)).status).toBe(200);
    expect((await client.get<{ state: string }>(`/api/follows/members/${author.publicId}`)).body.state).toBe('none');
    expect((await client.get<FollowList>('/api/follows')).body.total).toBe(1);
    expect((await client.get<FollowedTopics>('/api/follows/topic-ids')).body).toEqual({ tags: [], categories: [category.id] });
    // Nobody else's: another member reads their own, empty.
    expect((await (await member()).client.get<FollowedTopics>('/api/follows/topic-ids')).body).toEqual({ tags: [], categories: [] });
  });

  it(`refuses a follow past ${FOLLOW_LIMITS.followsMax} and changes nothing`, async () => {
    const { client, user } = await member();
    const category = await createCategory();
    // All but two of the limit written directly, as tag follows.
    const fillers = await models().Tag.bulkCreate(Array.from({ length: FOLLOW_LIMITS.followsMax - 2 }, (_, i) => ({ name: `上限${user.id}-${i}`, categoryId: category.id })));
    await app.services.sequelize.query(
      `INSERT INTO tag_follows (user_id, tag_id, created_at) VALUES ${fillers.map((tag) => `(${user.id}, ${tag.id}, '2026-01-01 00:00:00')`).join(', ')}`,
    );
    const [tagA, tagB] = [await createTag(), await createTag()];
    const [memberA, memberB] = [await createUser(), await createUser()];
    expect((await client.post(`/api/follows/tags/${tagA.id}`)).status).toBe(200);
    expect((await client.post(`/api/follows/members/${memberA.publicId}`)).status).toBe(200);
    const over = await client.post<ErrorBody>(`/api/follows/tags/${tagB.id}`);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(TEXTS.follow.tooMany);
    expect((await client.post(`/api/follows/members/${memberB.publicId}`)).status).toBe(409);
    expect((await client.get<FollowList>('/api/follows')).body.total).toBe(FOLLOW_LIMITS.followsMax);
  });

  it('keeps follows private: the followed member sees a count and their followers in 設定, nobody else sees anything', async () => {
    const author = await member();
    const fan = await member();
    const stranger = await member();
    await fan.client.post(`/api/follows/members/${author.user.publicId}`);

    const settings = await author.client.get<{ followerCount: number; approval: boolean }>('/api/follows/settings');
    expect(settings.body).toMatchObject({ followerCount: 1, approval: false });
    const followers = await author.client.get<FollowerList>('/api/follows/followers');
    expect(followers.body.members.map((m) => m.publicId)).toEqual([fan.user.publicId]);
    // Every answer is the caller's own: the stranger's lists are empty, and no public answer names a follow.
    expect((await stranger.client.get<FollowerList>('/api/follows/followers')).body.members).toEqual([]);
    expect((await stranger.client.get<FollowList>('/api/follows')).body.items).toEqual([]);
    const profile = await stranger.client.get(`/api/profile/${author.user.publicId}`);
    expect(JSON.stringify(profile.body)).not.toMatch(/follow|フォロ/i);
    const fanProfile = await stranger.client.get(`/api/profile/${fan.user.publicId}`);
    expect(JSON.stringify(fanProfile.body)).not.toContain(author.user.publicId);
  });

  it('with フォロー承認制 a follow is a request; approve opens followers-only reports, decline is never told', async () => {
    const author = await member();
    const fan = await member();
    const other = await member();
    const word = `承認${Date.now()}`;
    // Without approval on, フォロワーのみ is refused by the report form, and nothing is saved.
    const tags = await systemTags(models());
    const refused = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', publishableForm(tags, { audience: 'followers' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TEXTS.follow.audienceNeedsApproval);
    expect(await models().Report.count({ where: { authorId: author.user.id } })).toBe(0);
    expect((await author.client.put('/api/follows/settings', { approval: true })).status).toBe(200);

    const requested = await fan.client.post<{ state: string; message: string }>(`/api/follows/members/${author.user.publicId}`);
    expect(requested.body).toEqual({ state: 'pending', message: TEXTS.follow.requested });
    await other.client.post(`/api/follows/members/${author.user.publicId}`);
    const requests = await author.client.get<FollowerList>('/api/follows/requests');
    expect(requests.body.members.map((m) => m.publicId).sort()).toEqual([fan.user.publicId, other.user.publicId].sort());

    const report = await reportOf(author.user, word, { audience: 'followers' });
    const hidden = { feeds: [false, false, false, false], search: false, fallback: false, theirList: false, detail: 404, comments: 404, likes: 404 };
    expect(await seenBy(fan.client, report, author.user, word)).toEqual(hidden);

    expect((await author.client.post(`/api/follows/requests/${fan.user.publicId}/approve`)).status).toBe(200);
    expect((await author.client.post(`/api/follows/requests/${other.user.publicId}/decline`)).status).toBe(200);
    // Approved: on their profile list, detail, comments, likes and フォロー中; never on the shared lists or search.
    expect(await seenBy(fan.client, report, author.user, word)).toEqual({
      feeds: [false, false, false, true],
      search: false,
      fallback: false,
      theirList: true,
      detail: 200,
      comments: 200,
      likes: 200,
    });
    // Declined: still リクエスト中 to them, and nothing opens.
    expect((await other.client.get<{ state: string }>(`/api/follows/members/${author.user.publicId}`)).body.state).toBe('pending');
    expect(await seenBy(other.client, report, author.user, word)).toEqual(hidden);
    expect((await author.client.get<FollowerList>('/api/follows/requests')).body.members).toEqual([]);

    // The author and an operator see it; an anonymous caller is refused as everywhere.
    expect((await author.client.get(`/api/reports/${report.id}`)).status).toBe(200);
    const operator = await memberWithSession(app, { role: 'operator' });
    expect((await operator.client.get(`/api/reports/${report.id}`)).status).toBe(200);
    expect((await operator.client.get<ReportPage>('/api/reports/infinite?sort=new&limit=50')).body.data.map((item) => item._id)).not.toContain(report.id);
  });

  it('a block removes follows and requests both ways and forbids new ones; a mute keeps the follow but hides', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await a.client.post(`/api/follows/members/${b.user.publicId}`);
    await b.client.post(`/api/follows/members/${a.user.publicId}`);
    expect((await a.client.post(`/api/blocks/${b.user.publicId}`)).status).toBe(200);
    expect((await a.client.get<FollowList>('/api/follows')).body.items).toEqual([]);
    expect((await b.client.get<FollowList>('/api/follows')).body.items).toEqual([]);
    expect((await b.client.post(`/api/follows/members/${a.user.publicId}`)).status).toBe(404);
    expect((await a.client.post(`/api/follows/members/${b.user.publicId}`)).status).toBe(404);

    await c.client.post(`/api/follows/members/${a.user.publicId}`);
    const report = await reportOf(a.user, `ミュート${Date.now()}`);
    expect(await feedIds(c.client, 'following')).toContain(report.id);
    expect((await c.client.post(`/api/mutes/${a.user.publicId}`)).status).toBe(200);
    expect(await feedIds(c.client, 'following')).not.toContain(report.id);
    expect((await c.client.get<FollowList>('/api/follows')).body.items.map((item) => item.key)).toEqual([a.user.publicId]);
  });

  it('フォロー中 lists followed members, tags and categories newest first, keyset-paged without repeats while new reports arrive', async () => {
    const reader = await member();
    const [author, stranger] = [await createUser(), await createUser()];
    const category = await createCategory();
    const tag = await createTag({ category });
    const otherTagInCategory = await createTag({ category });
    const plainTag = await createTag();
    await reader.client.post(`/api/follows/members/${author.publicId}`);
    await reader.client.post(`/api/follows/tags/${tag.id}`);
    await reader.client.post(`/api/follows/categories/${category.id}`);

    const expected: number[] = [];
    for (let i = 0; i < 7; i += 1) expected.push((await createReport({ author, title: `著者${i}` })).id);
    expected.push((await createReport({ author: stranger, playContents: [tag] })).id);
    expected.push((await createReport({ author: stranger, playCategories: [otherTagInCategory] })).id);
    const unrelated = await createReport({ author: stranger, playContents: [plainTag] });
    const seen: number[] = [];
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const page: { body: ReportPage } = await reader.client.get<ReportPage>(`/api/reports/infinite?sort=following&limit=3${lastKey ? `&lastKey=${lastKey}` : ''}`);
      seen.push(...page.body.data.map((item) => item._id));
      lastKey = page.body.nextKey;
      pages += 1;
      // A report published during the scroll lands above the cursor: it neither shifts nor repeats what follows.
      if (pages === 1) await createReport({ author, title: '途中の新着' });
    } while (lastKey && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...expected].sort((x, y) => y - x));
    expect(seen).not.toContain(unrelated.id);
    // Someone else's cursor shape is refused.
    const wrong = await reader.client.get<ErrorBody>('/api/reports/infinite?sort=following&lastKey=abc');
    expect(wrong.status).toBe(400);
  });

  it('deleting an account removes its follows and followers', async () => {
    const leaving = await member();
    const fan = await member();
    await leaving.client.post(`/api/follows/members/${fan.user.publicId}`);
    await fan.client.post(`/api/follows/members/${leaving.user.publicId}`);
    await models().User.destroy({ where: { id: leaving.user.id } });
    const [row] = await app.services.sequelize.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM member_follows WHERE follower_id = :id OR followee_id = :id',
      { replacements: { id: leaving.user.id }, type: 'SELECT' as never },
    );
    expect(Number(row?.n)).toBe(0);
  });
});
