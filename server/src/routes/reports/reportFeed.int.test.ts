import { TEXTS, LIMITS, type ErrorBody, type ReportPage, type SortOption } from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import type { HttpClient } from '../../../test/support/httpClient';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import type { Report, User } from '../../models';
import { foldForMatching } from '@hiraku/search';
import { mutedWordPattern } from '../../visibility';

/**
 * The infinite list: keyset pages must stay exact while reports are added between page loads, and with
 * sort=like a report liked across the page boundary must not be skipped.
 */
describe('GET /api/reports/infinite', () => {
  let app: TestApp;
  let reader: { client: HttpClient; user: User };

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    reader = await signedInMember(app.baseUrl);
  });
  afterAll(() => app?.close());

  beforeEach(async () => {
    await app.services.models.Report.destroy({ where: {} });
  });

  const base = Date.UTC(2025, 0, 1);

  /** 13 listed reports: three share one creation time and several share a like count, to test tie-breaks. */
  async function seedReports(): Promise<Report[]> {
    const author = await createUser();
    const reports: Report[] = [];
    const times = [0, 1, 2, 3, 3, 3, 4, 5, 6, 7, 8, 9, 10];
    const likes = [4, 9, 1, 4, 4, 7, 2, 9, 3, 5, 4, 8, 6];
    for (let i = 0; i < times.length; i++) {
      reports.push(await createReport({ author, createdAt: new Date(base + (times[i] ?? 0) * 1000), likeCount: likes[i] ?? 0 }));
    }
    // Never in the list.
    await createReport({ author, isDraft: true, createdAt: new Date(base + 5500) });
    await createReport({ author, hiddenAt: new Date(), listed: false, likeCount: 50, createdAt: new Date(base + 5600) });
    return reports;
  }

  const orderOf: Record<SortOption, (a: Report, b: Report) => number> = {
    new: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    old: (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
    like: (a, b) => b.likeCount - a.likeCount || b.id - a.id,
  };

  async function page(client: HttpClient, sort: SortOption, lastKey: string | null, limit = 3) {
    const query = new URLSearchParams({ sort, limit: String(limit), ...(lastKey ? { lastKey } : {}) });
    const res = await client.get<ReportPage>(`/api/reports/infinite?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  /** Loads pages until the server says there are no more, calling `between` after each page. */
  async function loadAll(sort: SortOption, between: (pageNumber: number) => Promise<void> = async () => undefined): Promise<number[]> {
    const ids: number[] = [];
    let lastKey: string | null = null;
    for (let n = 1; n < 50; n++) {
      const body: ReportPage = await page(reader.client, sort, lastKey);
      ids.push(...body.data.map((item) => item._id));
      if (!body.hasMore) {
        expect(body.nextKey).toBeNull();
        return ids;
      }
      expect(body.nextKey).toEqual(expect.any(String));
      lastKey = body.nextKey;
      await between(n);
    }
    throw new Error('the list never ended');
  }

  it.each(['new', 'old', 'like'] as const)('sort=%s pages through every listed report once, in order, skipping drafts and hidden ones', async (sort) => {
    const reports = await seedReports();
    const ids = await loadAll(sort);
    expect(ids).toEqual([...reports].sort(orderOf[sort]).map((r) => r.id));
  });

  it.each(['new', 'old', 'like'] as const)('sort=%s stays exact while reports are published between page loads', async (sort) => {
    const reports = await seedReports();
    const author = await createUser();
    const added: Report[] = [];
    const ids = await loadAll(sort, async (n) => {
      if (n <= 2) {
        // Published now: newer than everything, with no likes yet.
        added.push(await createReport({ author }));
        added.push(await createReport({ author }));
      }
    });
    expect(new Set(ids).size).toBe(ids.length);
    const original = [...reports].sort(orderOf[sort]).map((r) => r.id);
    if (sort === 'new') {
      // Newer than the first page: they show at the top on the next reload, not in this scroll.
      expect(ids).toEqual(original);
    } else {
      // They sort after every report already there (oldest first / fewest likes last), so they follow it.
      expect(ids.slice(0, original.length)).toEqual(original);
      expect(ids.slice(original.length).sort((a, b) => a - b)).toEqual(added.map((r) => r.id).sort((a, b) => a - b));
    }
  });

  it('sort=like does not skip a report whose likes move it above the page boundary while scrolling', async () => {
    const author = await createUser();
    const counts = [5, 5, 4, 4, 3, 3, 2, 2, 1, 1];
    const reports: Report[] = [];
    for (const likeCount of counts) reports.push(await createReport({ author, likeCount }));
    // Created last, so it wins a tie on like count: five likes put it above both reports of page 1's edge.
    const mover = await createReport({ author });
    const likers = await Promise.all(Array.from({ length: 5 }, () => signedInMember(app.baseUrl)));

    const first = await page(reader.client, 'like', null, 2);
    expect(first.data.map((item) => item._id)).toEqual([reports[1]?.id, reports[0]?.id]);
    for (const liker of likers) {
      const res = await liker.client.post<{ liked: boolean; likeCount: number }>(`/api/likes/${mover.id}/toggle`);
      expect(res.body.liked).toBe(true);
    }
    expect((await app.services.models.Report.findByPk(mover.id))?.likeCount).toBe(5);

    const ids = first.data.map((item) => item._id);
    let lastKey = first.nextKey;
    while (lastKey) {
      const next = await page(reader.client, 'like', lastKey, 2);
      ids.push(...next.data.map((item) => item._id));
      lastKey = next.nextKey;
    }
    expect(new Set(ids)).toEqual(new Set([...reports, mover].map((r) => r.id)));
    // The mover was never on a page before; nothing else repeats.
    expect(ids).toHaveLength(reports.length + 1);
  });

  it('sort=like catches up a report with a smaller id, which had to pass one like more than the boundary', async () => {
    const author = await createUser();
    // Created first: on a tie of like counts it sorts below the boundary's report, so it is above the
    // boundary only with one like more (level 6 for a boundary at 5 likes).
    const mover = await createReport({ author });
    const counts = [5, 5, 4, 4, 3, 3, 2, 2, 1, 1];
    const reports: Report[] = [];
    for (const likeCount of counts) reports.push(await createReport({ author, likeCount }));
    const likers = await Promise.all(Array.from({ length: 6 }, () => signedInMember(app.baseUrl)));

    const first = await page(reader.client, 'like', null, 2);
    expect(first.data.map((item) => item._id)).toEqual([reports[1]?.id, reports[0]?.id]);
    for (const [n, liker] of likers.entries()) {
      const res = await liker.client.post<{ liked: boolean; likeCount: number }>(`/api/likes/${mover.id}/toggle`);
      expect(res.body).toEqual({ liked: true, likeCount: n + 1 });
    }

    const next = await page(reader.client, 'like', first.nextKey, 2);
    // The page's own two reports, then the mover caught up.
    expect(next.data.map((item) => item._id)).toEqual([reports[3]?.id, reports[2]?.id, mover.id]);
    const ids = [...first.data, ...next.data].map((item) => item._id);
    let lastKey = next.nextKey;
    while (lastKey) {
      const more = await page(reader.client, 'like', lastKey, 2);
      ids.push(...more.data.map((item) => item._id));
      lastKey = more.nextKey;
    }
    expect(ids).toHaveLength(reports.length + 1);
    expect(new Set(ids)).toEqual(new Set([...reports, mover].map((r) => r.id)));
  });

  it('sort=like may repeat, but never skips, a report unliked below the boundary', async () => {
    const author = await createUser();
    const liker = await signedInMember(app.baseUrl);
    const top = await createReport({ author, likeCount: 0 });
    await liker.client.post(`/api/likes/${top.id}/toggle`);
    const rest: Report[] = [];
    for (let i = 0; i < 5; i++) rest.push(await createReport({ author, likeCount: 0 }));

    const first = await page(reader.client, 'like', null, 1);
    expect(first.data.map((item) => item._id)).toEqual([top.id]);
    await liker.client.post(`/api/likes/${top.id}/toggle`);
    const ids = first.data.map((item) => item._id);
    let lastKey = first.nextKey;
    while (lastKey) {
      const next = await page(reader.client, 'like', lastKey, 2);
      ids.push(...next.data.map((item) => item._id));
      lastKey = next.nextKey;
    }
    expect(new Set(ids)).toEqual(new Set([top, ...rest].map((r) => r.id)));
  });

  describe('shared first pages (issue 22)', () => {
    const idsOf = (body: ReportPage) => body.data.map((item) => item._id);

    it("are shared between members without sharing what each one's blocks, mutes and muted words hide", async () => {
      const [ropeAuthor, collarAuthor, plainAuthor] = [await createUser(), await createUser(), await createUser()];
      const plain = await createReport({ author: plainAuthor, title: '週末の記録', createdAt: new Date(base) });
      const collar = await createReport({ author: collarAuthor, title: '首輪の話', createdAt: new Date(base + 1000) });
      const rope = await createReport({ author: ropeAuthor, title: 'ロープの練習', createdAt: new Date(base + 2000) });
      const blocker = await signedInMember(app.baseUrl);
      const blockedBy = await signedInMember(app.baseUrl);
      const muter = await signedInMember(app.baseUrl);
      const wordMuter = await signedInMember(app.baseUrl);
      const { Block, Mute, MutedWord } = app.services.models;
      await Block.create({ blockerId: blocker.user.id, blockedId: ropeAuthor.id });
      await Block.create({ blockerId: collarAuthor.id, blockedId: blockedBy.user.id });
      await Mute.create({ muterId: muter.user.id, mutedId: plainAuthor.id, until: null });
      const folded = foldForMatching('ろーぷ');
      await MutedWord.create({ userId: wordMuter.user.id, word: 'ろーぷ', folded, pattern: mutedWordPattern(folded), expiresAt: null });

      // The reader without relations reads first (and fills the shared page); the others read it right after.
      for (const sort of ['new', 'old', 'like'] as const) {
        expect(idsOf(await page(reader.client, sort, null, 8)).sort()).toEqual([plain.id, collar.id, rope.id].sort());
        expect(idsOf(await page(blocker.client, sort, null, 8)).sort()).toEqual([plain.id, collar.id].sort());
        expect(idsOf(await page(blockedBy.client, sort, null, 8)).sort()).toEqual([plain.id, rope.id].sort());
        expect(idsOf(await page(muter.client, sort, null, 8)).sort()).toEqual([collar.id, rope.id].sort());
        expect(idsOf(await page(wordMuter.client, sort, null, 8)).sort()).toEqual([plain.id, collar.id].sort());
      }
      // The filtering member reads first this time: their verdict comes with the shared rows' own read.
      await createReport({ author: plainAuthor, title: '別の記録', createdAt: new Date(base - 1000) });
      expect(idsOf(await page(blocker.client, 'new', null, 8))).not.toContain(rope.id);
      expect(idsOf(await page(reader.client, 'new', null, 8))).toContain(rope.id);
    });

    it("are read once and then filtered per member: a second member's first page sends no page query", async () => {
      const author = await createUser();
      for (let i = 0; i < 3; i++) await createReport({ author, createdAt: new Date(base + i * 1000) });
      const other = await signedInMember(app.baseUrl);
      const statements: string[] = [];
      // Sequelize's hook types leave out the statement the query object carries.
      const record = (_options: unknown, query: unknown) => {
        const { sql } = query as { sql?: string };
        if (sql) statements.push(sql);
      };
      expect(idsOf(await page(reader.client, 'new', null, 8))).toHaveLength(3);
      app.services.sequelize.addHook('afterQuery', 'sharedPageProbe', record);
      try {
        expect(idsOf(await page(other.client, 'new', null, 8))).toHaveLength(3);
      } finally {
        app.services.sequelize.removeHook('afterQuery', 'sharedPageProbe');
      }
      expect(statements.filter((sql) => /FROM \(SELECT k\.id FROM reports k/.test(sql))).toEqual([]);
      expect(statements.filter((sql) => /FROM muted_words/.test(sql))).toHaveLength(1);
    });

    it('show a write of this process on the next read: a new report, a hidden one, a like', async () => {
      const author = await createUser();
      const older = await createReport({ author, createdAt: new Date(base) });
      expect(idsOf(await page(reader.client, 'new', null, 8))).toEqual([older.id]);
      const newer = await createReport({ author });
      expect(idsOf(await page(reader.client, 'new', null, 8))).toEqual([newer.id, older.id]);
      await newer.update({ hiddenAt: new Date(), listed: false });
      expect(idsOf(await page(reader.client, 'new', null, 8))).toEqual([older.id]);
      const liked = await reader.client.post(`/api/likes/${older.id}/toggle`, { liked: true });
      expect(liked.status).toBe(200);
      expect((await page(reader.client, 'like', null, 8)).data[0]).toMatchObject({ _id: older.id, likeCount: 1 });
    });

    it('still fill a page for a member whose blocks hide more than the shared rows hold', async () => {
      const prolific = await createUser();
      const other = await createUser();
      const others = [];
      for (let i = 0; i < 3; i++) others.push(await createReport({ author: other, createdAt: new Date(base + i * 1000) }));
      for (let i = 0; i < 30; i++) await createReport({ author: prolific, createdAt: new Date(base + 10_000 + i * 1000) });
      const blocker = await signedInMember(app.baseUrl);
      await app.services.models.Block.create({ blockerId: blocker.user.id, blockedId: prolific.id });
      expect(idsOf(await page(reader.client, 'new', null, 3))).toHaveLength(3);
      const body = await page(blocker.client, 'new', null, 3);
      expect(idsOf(body)).toEqual([...others].reverse().map((r) => r.id));
      expect(body.hasMore).toBe(false);
    });
  });

  it('returns list items with the fields the cards show, 8 by default', async () => {
    const author = await createUser();
    for (let i = 0; i < LIMITS.pageSize + 1; i++) await createReport({ author, createdAt: new Date(base + i) });
    const res = await reader.client.get<ReportPage>('/api/reports/infinite');
    expect(res.body.data).toHaveLength(LIMITS.pageSize);
    expect(res.body.hasMore).toBe(true);
    expect(Object.keys(res.body.data[0] ?? {}).sort()).toEqual(['_id', 'authorData', 'createdAt', 'description', 'image', 'likeCount', 'thumbnailUrl', 'title', 'warningOther', 'warnings']);
    expect(res.body.data[0]?.authorData).toEqual({ username: author.profile.username, iconUrl: null, publicId: author.publicId });
  });

  it('refuses a tampered cursor, a cursor of another sort and a bad limit', async () => {
    await seedReports();
    const first = await page(reader.client, 'new', null);
    const invalid = async (query: string, message: string) => {
      const res = await reader.client.get<ErrorBody>(`/api/reports/infinite?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await invalid(`sort=old&lastKey=${first.nextKey}`, TEXTS.report.invalidCursor);
    await invalid('sort=new&lastKey=not-a-cursor', TEXTS.report.invalidCursor);
    await invalid(`sort=new&lastKey=${Buffer.from('{"s":"new","k":-1,"i":1}').toString('base64url')}`, TEXTS.report.invalidCursor);
    await invalid('sort=new&lastKey=%7B%7D', TEXTS.report.invalidCursor);
    await invalid('sort=popular', '入力内容に誤りがあります。');
    for (const limit of ['0', String(LIMITS.pageSizeMax + 1), 'abc', '2.5']) await invalid(`limit=${limit}`, '入力内容に誤りがあります。');
    const max = await reader.client.get<ReportPage>(`/api/reports/infinite?limit=${LIMITS.pageSizeMax}`);
    expect(max.status).toBe(200);
  });
});
