import { createReport, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { recountReports } from '../visibility/counters';
import { installCacheChangeHooks, onCacheChanges, type CacheChange } from './changes';

/**
 * What each write tells the caches (issue 33), on both databases: listing writes name their reports,
 * relation writes their members, and the writes of ordinary traffic (search log, page views, sessions)
 * nothing; a change inside a transaction is told after its commit, never after a rollback. (The still
 * valid cases of the old statement counter, db/writeGeneration.test.ts, are among them.)
 */
describe.each(TEST_BACKENDS)('cache changes on %s', (_name, open) => {
  let db: TestBackend;
  let told: CacheChange[];
  let stop: () => void;

  beforeAll(async () => {
    db = await open();
    installCacheChangeHooks(db.sequelize);
    stop = onCacheChanges(db.sequelize, (changes) => told.push(...changes));
  });
  afterAll(() => {
    stop?.();
    return db?.drop();
  });
  beforeEach(() => {
    told = [];
  });

  it('names the report of a publish, a hide and a recount of its counters', async () => {
    const author = await createUser();
    told = [];
    const report = await createReport({ author });
    expect(told).toContainEqual({ kind: 'lists', reportIds: [report.id] });
    told = [];
    await report.update({ hiddenAt: new Date(), listed: false });
    expect(told).toEqual([{ kind: 'lists', reportIds: [report.id] }]);
    told = [];
    await db.sequelize.transaction((transaction) => recountReports(db.sequelize, [report.id], { transaction }));
    expect(told).toEqual([{ kind: 'lists', reportIds: [report.id] }]);
  });

  it("names both members of a block, and only the member of a suspension's relations besides every listing", async () => {
    const [blocker, blocked] = [await createUser(), await createUser()];
    told = [];
    await db.models.Block.create({ blockerId: blocker.id, blockedId: blocked.id });
    expect(told).toEqual([
      { kind: 'relations', memberId: blocker.id },
      { kind: 'relations', memberId: blocked.id },
    ]);
    told = [];
    await blocked.update({ suspendedAt: new Date() });
    expect(told).toEqual([
      { kind: 'lists', reportIds: [] },
      { kind: 'relations', memberId: blocked.id },
    ]);
  });

  it('tells nothing for the writes of ordinary traffic: search log, page views, sessions, a sign-in', async () => {
    const member = await createUser();
    told = [];
    await db.models.SearchQuery.create({ userId: member.id, query: '縄' });
    await db.models.AnalyticsEvent.create({ name: 'page_view', path: '/reports' });
    await db.models.SessionFamily.create({ userId: member.id, familyId: `f${Date.now()}`, userAgent: 'test', deviceLabel: 'test', lastUsedAt: new Date() } as never);
    await member.update({ tutorialPending: false });
    expect(told).toEqual([]);
  });

  it('tells a transaction’s changes once it commits, together, and nothing when it rolls back', async () => {
    const author = await createUser();
    const report = await createReport({ author });
    told = [];
    await db.sequelize.transaction(async (transaction) => {
      await report.update({ title: '縄の記録（直し）' }, { transaction });
      // A savepoint's changes wait for the outermost commit too.
      await db.sequelize.transaction({ transaction }, (savepoint) => db.models.MutedWord.create({ userId: author.id, word: '蝋', folded: '蝋', pattern: '蝋', expiresAt: null }, { transaction: savepoint }));
      expect(told).toEqual([]);
    });
    expect(told).toEqual([
      { kind: 'lists', reportIds: [report.id] },
      { kind: 'relations', memberId: author.id },
    ]);
    told = [];
    await expect(
      db.sequelize.transaction(async (transaction) => {
        await report.update({ title: '取り消される直し' }, { transaction });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(told).toEqual([]);
  });
});
