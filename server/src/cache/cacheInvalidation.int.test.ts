import { createReport, createUser, type UserWithProfile } from '../../test/factories';
import type { HttpClient } from '../../test/support/httpClient';
import { anotherSession, signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import type { Report, User } from '../models';
import { eventually } from '../../test/support/searchOutbox';
import type { AppCaches } from './appCaches';

/**
 * Issue 33 on MariaDB through the real app: the caches are dropped by what changed, not by any write.
 * Ordinary reads and writes that change no listing (a session refresh, the bell's visit mark and read
 * mark, a notification worker's round) leave the feed's and search's shared answers in place; a hide
 * or a like drops the shared listings but no member's relations; a block drops the two members'
 * relations but no shared listing.
 */
describe('cache invalidation by what changed', () => {
  let app: TestApp;
  let caches: AppCaches;
  let reader: { client: HttpClient; user: User };
  let operator: { client: HttpClient; user: User };
  let author: UserWithProfile;
  let reports: Report[];

  beforeAll(async () => {
    // Times to live far beyond the test's length: an entry gone can only have been dropped by a change.
    const minute = { ttlMs: 60_000, max: 1_000 };
    app = await startTestApp({ cacheSizes: { feedPages: minute, searchAnswers: minute, listRelations: minute } });
    caches = app.services.caches;
    author = await createUser();
    reports = [];
    for (let i = 0; i < 3; i++) reports.push(await createReport({ author, title: `縄の記録${i}` }));
    reader = await signedInMember(app.baseUrl);
    operator = await signedInMember(app.baseUrl, { role: 'operator' });
  });
  afterAll(() => app?.close());

  /** The reader's feed and a search, read so the shared caches hold them. */
  async function readLists(): Promise<void> {
    expect((await reader.client.get('/api/reports/infinite?sort=new&limit=3')).status).toBe(200);
    expect((await reader.client.get(`/api/reports/search/advanced?${new URLSearchParams({ query: '縄' }).toString()}`)).status).toBe(200);
  }
  const readerPublicId = () => (reader.user as User & { publicId: string }).publicId;
  const unreadCount = async () => (await reader.client.get<{ count: number }>('/api/notifications/unread-count')).body.count;
  const held = () => ({
    feedPages: caches.feedPages.size,
    searchAnswers: caches.searchAnswers.size,
    readerRelations: caches.listRelations.has(String(reader.user.id)),
  });

  it('keeps the shared answers through ordinary reads and writes that change no listing', async () => {
    await readLists();
    const before = held();
    expect(before).toEqual({ feedPages: 1, searchAnswers: 1, readerRelations: true });
    const hits = caches.feedPages.stats().hits;

    await readLists();
    expect(caches.feedPages.stats().hits).toBe(hits + 1);
    // The bell: the unread count writes the visit mark; reading every notification writes read marks.
    expect((await reader.client.get('/api/notifications/unread-count')).status).toBe(200);
    expect(caches.visitMarks.has(String(reader.user.id))).toBe(true);
    expect((await reader.client.post('/api/notifications/read', { all: true })).status).toBe(200);
    // A session refresh rotates the refresh token (refresh_tokens, session_families).
    expect((await reader.client.post('/api/auth/refresh')).status).toBe(200);
    // A notification worker's round: another member follows the reader, and the worker (running in this
    // process, as with `npm start`) leases the outbox row, writes the reader's notification and marks it done.
    const follower = await anotherSession(app, await createUser());
    expect((await follower.post(`/api/follows/members/${readerPublicId()}`)).status).toBe(200);
    await eventually(async () => (await unreadCount()) > 0, 10_000, "the reader's new-follower notification");
    await eventually(async () => (await app.services.models.NotificationOutboxEntry.count()) === 0, 10_000, 'the notification work to drain');
    expect(held()).toEqual(before);
  });

  it('drops the shared listings, and no member relations, on a hide through the operators screen', async () => {
    await readLists();
    expect(held()).toEqual({ feedPages: 1, searchAnswers: 1, readerRelations: true });
    const hidden = reports[2] as Report;
    expect((await operator.client.post(`/api/moderation/reports/${hidden.id}/hide`, { reason: '確認のため' })).status).toBe(200);
    expect(held()).toEqual({ feedPages: 0, searchAnswers: 0, readerRelations: true });
    const feed = await reader.client.get<{ data: Array<{ _id: number }> }>('/api/reports/infinite?sort=new&limit=3');
    const shown = feed.body.data.map((card) => card._id);
    expect(shown).toEqual(expect.arrayContaining([reports[0]?.id, reports[1]?.id]));
    expect(shown).not.toContain(hidden.id);
  });

  it('drops the shared listings on a like, whose count every card shows', async () => {
    await readLists();
    expect(held()).toEqual({ feedPages: 1, searchAnswers: 1, readerRelations: true });
    const liked = reports[0] as Report;
    expect((await reader.client.post(`/api/likes/${liked.id}/toggle`)).status).toBe(200);
    expect(held()).toEqual({ feedPages: 0, searchAnswers: 0, readerRelations: true });
    const feed = await reader.client.get<{ data: Array<{ _id: number; likeCount: number }> }>('/api/reports/infinite?sort=new&limit=3');
    expect(feed.body.data.find((card) => card._id === liked.id)?.likeCount).toBe(1);
  });

  it("drops the two members' relations, and no shared listing, on a block", async () => {
    await readLists();
    // The author's relations are read too (their own feed).
    const authorClient = await anotherSession(app, author);
    expect((await authorClient.get('/api/reports/infinite?sort=new&limit=3')).status).toBe(200);
    expect(caches.listRelations.has(String(author.id))).toBe(true);
    const other = await signedInMember(app.baseUrl);
    expect((await other.client.get('/api/reports/infinite?sort=new&limit=3')).status).toBe(200);
    expect(held()).toEqual({ feedPages: 1, searchAnswers: 1, readerRelations: true });

    const authorPublicId = (await app.services.models.User.findByPk(author.id))?.publicId as string;
    expect((await reader.client.post(`/api/blocks/${authorPublicId}`)).status).toBe(200);
    expect(held()).toEqual({ feedPages: 1, searchAnswers: 1, readerRelations: false });
    expect(caches.listRelations.has(String(author.id))).toBe(false);
    expect(caches.listRelations.has(String(other.user.id))).toBe(true);
    // The shared page is still used, filtered by the reader's new relations.
    const feed = await reader.client.get<{ data: Array<{ _id: number }> }>('/api/reports/infinite?sort=new&limit=3');
    expect(feed.body.data.filter((card) => reports.some((report) => report.id === card._id))).toEqual([]);
    expect(caches.feedPages.size).toBe(1);
  });
});
