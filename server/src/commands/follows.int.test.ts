import { createCategory, createReport, createTag, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { writeTransaction } from '../db/transaction';
import { blockMember } from './memberRelations';
import { answerFollowRequest, followCounts, followMember, followTopic, listFollowedTopics, listFollows, saveFollowApproval, unfollowTopic } from './follows';
import { loadFollowingFeed } from './followingFeed';
import { loadViewerFollowsAuthor } from '../visibility';

/**
 * The follow commands and the フォロー中 feed's SQL on both databases the server runs on (the HTTP paths
 * are follows.int.test.ts on MariaDB): follows, approval, a block ending follows, and complete keyset
 * paging without repeats while reports arrive, followers-only reports included for approved followers.
 */
describe.each(TEST_BACKENDS)('follows on %s', (_name, open) => {
  let db: TestBackend;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.drop());

  const tx = <T>(work: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(db.sequelize, work);
  const now = () => new Date();

  it('follows, asks, approves, declines, and a block ends it all both ways', async () => {
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    expect((await tx((transaction) => followMember(db.models, { viewerId: a.id, publicId: b.publicId, now: now() }, { transaction }))).state).toBe('approved');
    await tx((transaction) => saveFollowApproval(db.models, { userId: c.id, approval: true, now: now() }, { transaction }));
    expect((await tx((transaction) => followMember(db.models, { viewerId: a.id, publicId: c.publicId, now: now() }, { transaction }))).state).toBe('pending');
    expect((await tx((transaction) => followMember(db.models, { viewerId: b.id, publicId: c.publicId, now: now() }, { transaction }))).state).toBe('pending');
    expect(await loadViewerFollowsAuthor(db.sequelize, a.id, c.id)).toBe(false);
    await tx((transaction) => answerFollowRequest(db.models, { userId: c.id, publicId: a.publicId, approve: true, now: now() }, { transaction }));
    await tx((transaction) => answerFollowRequest(db.models, { userId: c.id, publicId: b.publicId, approve: false, now: now() }, { transaction }));
    expect(await loadViewerFollowsAuthor(db.sequelize, a.id, c.id)).toBe(true);
    expect(await loadViewerFollowsAuthor(db.sequelize, b.id, c.id)).toBe(false);
    expect((await listFollows(db.sequelize, { viewerId: b.id, page: 1 })).items.map((item) => item.state)).toEqual(['pending']);
    expect(await followCounts(db.sequelize, c.id)).toEqual({ followers: 1, following: 0, requests: 0 });

    await tx((transaction) => blockMember(db.models, { viewerId: c.id, publicId: a.publicId }, { transaction }));
    expect(await followCounts(db.sequelize, c.id)).toEqual({ followers: 0, following: 0, requests: 0 });
    await expect(tx((transaction) => followMember(db.models, { viewerId: a.id, publicId: c.publicId, now: now() }, { transaction }))).rejects.toMatchObject({ status: 404 });
  });

  it('answers the tags and categories a member follows, their own only', async () => {
    const [reader, other] = [await createUser(), await createUser()];
    const category = await createCategory();
    const [tagA, tagB] = [await createTag({ category }), await createTag({ category })];
    for (const [kind, id] of [['tag', tagA.id], ['tag', tagB.id], ['category', category.id]] as const) {
      await tx((transaction) => followTopic(db.models, { viewerId: reader.id, kind, id, now: now() }, { transaction }));
    }
    await tx((transaction) => unfollowTopic(db.models, { viewerId: reader.id, kind: 'tag', id: tagA.id }, { transaction }));
    expect(await listFollowedTopics(db.sequelize, reader.id)).toEqual({ tags: [tagB.id], categories: [category.id] });
    expect(await listFollowedTopics(db.sequelize, other.id)).toEqual({ tags: [], categories: [] });
  });

  it('pages フォロー中 completely and without repeats while reports arrive, followers-only ones for approved followers only', async () => {
    const [reader, author, locked, stranger] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const category = await createCategory();
    const tag = await createTag({ category });
    await tx((transaction) => saveFollowApproval(db.models, { userId: locked.id, approval: true, now: now() }, { transaction }));
    await tx(async (transaction) => {
      await followMember(db.models, { viewerId: reader.id, publicId: author.publicId, now: now() }, { transaction });
      await followMember(db.models, { viewerId: reader.id, publicId: locked.publicId, now: now() }, { transaction });
      await followTopic(db.models, { viewerId: reader.id, kind: 'category', id: category.id, now: now() }, { transaction });
    });
    const hiddenUntilApproved = await createReport({ author: locked, audience: 'followers' });
    const expected: number[] = [];
    for (let i = 0; i < 5; i += 1) expected.push((await createReport({ author })).id);
    expected.push((await createReport({ author: stranger, playContents: [tag] })).id);
    await createReport({ author: stranger });
    await createReport({ author, isDraft: true });

    const scroll = async (): Promise<number[]> => {
      const seen: number[] = [];
      let lastKey: string | undefined;
      for (let pages = 0; pages < 20; pages += 1) {
        const page = await loadFollowingFeed(db.sequelize, { lastKey, limit: 2, viewer: { id: reader.id, now: now() } });
        seen.push(...page.reports.map((card) => card.id));
        if (pages === 0) await createReport({ author });
        if (!page.nextKey) break;
        lastKey = page.nextKey;
      }
      return seen;
    };
    const before = await scroll();
    expect(before).toEqual([...expected].sort((x, y) => y - x));
    expect(before).not.toContain(hiddenUntilApproved.id);

    await tx((transaction) => answerFollowRequest(db.models, { userId: locked.id, publicId: reader.publicId, approve: true, now: now() }, { transaction }));
    const after = await scroll();
    expect(new Set(after).size).toBe(after.length);
    expect(after).toContain(hiddenUntilApproved.id);
  });
});
