import type { SortOption } from '@hiraku/shared';
import { createReport, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { createAppCaches } from '../cache/appCaches';
import { installCacheChangeHooks, onCacheChanges } from '../cache/changes';
import type { Report, User } from '../models';
import { createFeedPageCache, SHARED_CATCH_UP_WINDOW_MS, type FeedPageCache } from './feedPageCache';
import { toggleLike } from './likeToggler';
import { loadCardPage, type CardKeyset, type ListViewer } from './reportCards';

/**
 * The feed's shared pages (issue 22) on both databases: a page after a cursor is shared like the first
 * page, answers what the database answers for that cursor, and the cache keeps at most `maxPages` pages.
 */
describe.each(TEST_BACKENDS)('shared feed pages on %s', (_name, open) => {
  let db: TestBackend;
  let reports: Report[];
  let viewer: ListViewer;
  let viewerUser: User;
  let other: ListViewer;
  let clock: number;
  let cache: FeedPageCache;
  let stopChanges: (() => void) | undefined;
  const pageReads: string[] = [];
  const catchUpReads: string[] = [];
  const base = Date.UTC(2025, 0, 1);

  beforeAll(async () => {
    db = await open();
    const author = await createUser();
    reports = [];
    for (let i = 0; i < 7; i++) reports.push(await createReport({ author, createdAt: new Date(base + i * 1000), likeCount: i % 3 }));
    viewerUser = await createUser();
    viewer = { id: viewerUser.id, now: new Date() };
    other = { id: (await createUser()).id, now: new Date() };
    // Sequelize's hook types leave out the statement the query object carries.
    db.sequelize.addHook('afterQuery', 'pageReads', (_options: unknown, query: unknown) => {
      const { sql } = query as { sql?: string };
      if (sql && /FROM \(SELECT k\.id FROM reports k/.test(sql)) pageReads.push(sql);
      if (sql && /FROM report_like_levels x/.test(sql)) catchUpReads.push(sql);
    });
  });
  afterAll(() => {
    stopChanges?.();
    return db?.drop();
  });

  beforeEach(() => {
    clock = 0;
    pageReads.length = 0;
    catchUpReads.length = 0;
    const caches = createAppCaches({ sizes: { feedPages: { ttlMs: 1_000, max: 2 }, likeCatchUps: { ttlMs: 1_000, max: 2 } }, now: () => clock });
    // As boot() wires them (cache/invalidation.ts), without the bus: this process's writes drop what they change.
    stopChanges?.();
    installCacheChangeHooks(db.sequelize);
    stopChanges = onCacheChanges(db.sequelize, (changes) => caches.apply(changes));
    cache = createFeedPageCache(db.sequelize, caches, { margin: 2, now: () => clock });
  });

  const ids = (cards: Array<{ id: number }> | null) => cards?.map((card) => card.id) ?? null;
  const keysetOf = (sort: SortOption, report: Report): CardKeyset => ({ key: sort === 'like' ? report.likeCount : report.createdAt, id: report.id });

  it.each(['new', 'old', 'like'] as const)('answer a page after a cursor (sort=%s) as the database does, reading it once for every member', async (sort) => {
    const first = await loadCardPage(db.sequelize, sort, null, 3);
    const after = keysetOf(sort, reports.find((report) => report.id === first[2]?.id) as Report);
    const expected = ids(await loadCardPage(db.sequelize, sort, after, 3));
    pageReads.length = 0;
    expect(ids(await cache.page(sort, after, 3, viewer))).toEqual(expected);
    pageReads.length = 0;
    expect(ids(await cache.page(sort, after, 3, other))).toEqual(expected);
    expect(pageReads).toEqual([]);
  });

  it('keep at most maxPages pages, dropping the oldest, and read a page again once it has lived ttlMs', async () => {
    const after = keysetOf('new', reports[4] as Report);
    await cache.page('new', null, 3, viewer);
    await cache.page('new', after, 3, viewer);
    expect(pageReads).toHaveLength(2);
    await cache.page('new', null, 3, viewer);
    await cache.page('new', after, 3, viewer);
    expect(pageReads).toHaveLength(2);
    // A third page pushes out the oldest (the first page); the second stays.
    await cache.page('old', null, 3, viewer);
    await cache.page('new', after, 3, viewer);
    expect(pageReads).toHaveLength(3);
    await cache.page('new', null, 3, viewer);
    expect(pageReads).toHaveLength(4);
    clock += 1_000;
    await cache.page('new', null, 3, viewer);
    expect(pageReads).toHaveLength(5);
  });

  it('drop every page on a listing write of this process (a hide), after it', async () => {
    const after = keysetOf('new', reports[4] as Report);
    const before = ids(await cache.page('new', after, 3, viewer));
    const hidden = reports[3] as Report;
    await hidden.update({ hiddenAt: new Date(), listed: false });
    try {
      const now = ids(await cache.page('new', after, 3, viewer));
      expect(now).toEqual(before?.filter((id) => id !== hidden.id).concat(reports[0]?.id as number));
      expect(pageReads).toHaveLength(2);
    } finally {
      await hidden.update({ hiddenAt: null, listed: true });
    }
  });

  it("share the like-sorted catch-up of a boundary between cursors, each taking the likes since its own moment and its viewer's relations", async () => {
    const boundary = reports.find((report) => report.likeCount === 1) as Report;
    const riser = await createReport({ author: await createUser(), createdAt: new Date(base + 60_000) });
    const blocker = await createUser();
    await db.models.Block.create({ blockerId: blocker.id, blockedId: riser.authorId });
    const beforeLike = Date.now() - 1;
    // One like takes the riser (no likes, a larger id) to the boundary's count, above it in the list.
    await db.sequelize.transaction((transaction) => toggleLike(db, { viewer: viewerUser, reportId: riser.id }, { transaction }));
    const afterLike = Date.now() + 1;
    const atBoundary = { key: boundary.likeCount, id: boundary.id };
    try {
      expect(ids(await cache.likedAcross(atBoundary, beforeLike, 100, viewer))).toEqual([riser.id]);
      expect(ids(await cache.likedAcross(atBoundary, afterLike, 100, other))).toEqual([]);
      expect(ids(await cache.likedAcross(atBoundary, beforeLike, 100, { id: blocker.id, now: new Date() }))).toEqual([]);
      expect(catchUpReads).toHaveLength(1);
      // A cursor older than the shared rows' window reads its own.
      expect(await cache.likedAcross(atBoundary, clock - SHARED_CATCH_UP_WINDOW_MS - 1, 100, viewer)).toBeNull();
    } finally {
      await riser.destroy();
    }
  });
});
