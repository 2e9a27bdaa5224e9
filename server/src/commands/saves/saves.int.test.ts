import { LIMITS, TEXTS } from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../../test/support/backends';
import { writeTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import type { Report } from '../../models';
import { mutedWordPattern } from '../../visibility';
import { deleteAccount } from '../accountDeleter';
import { exportAccount } from '../accountExporter';
import type { ListViewer } from '../reportCards';
import { searchReportsInDatabase } from '../../search/databaseFallbackSearch';
import { decodeSavedCursor } from './savedCursor';
import { loadCollectionPage, loadCollections, loadSavedPage, loadShownSavedIds } from './savedLists';
import {
  addToCollection,
  createCollection,
  deleteCollection,
  removeFromCollection,
  renameCollection,
  reorderCollectionReports,
  reorderCollections,
  saveReport,
  unsaveReport,
  type SaveDeps,
} from './saveWriter';

/** 保存 and collections (issue 37) on both databases: limits, order, paging, and visibility at read time. */
describe.each(TEST_BACKENDS)('saves and collections on %s', (_name, open) => {
  let db: TestBackend;
  let deps: SaveDeps;
  beforeAll(async () => {
    db = await open();
    deps = { models: db.models, sequelize: db.sequelize };
  });
  afterAll(() => db?.drop());

  const viewerOf = (user: { id: number }, now = new Date()): ListViewer => ({ id: user.id, now });
  const run = <T>(work: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(db.sequelize, work);
  const save = (viewer: ListViewer, reportId: number) => run((transaction) => saveReport(deps, viewer, reportId, { transaction }));
  /** Every saved report id the viewer is shown, page by page. */
  const allSaved = async (viewer: ListViewer, pageSize = 2): Promise<number[]> => {
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = await loadSavedPage(db.sequelize, viewer, decodeSavedCursor(cursor ?? undefined), pageSize);
      ids.push(...page.cards.map((card) => card.id));
      if (!page.hasMore) return ids;
      cursor = page.nextKey;
    }
    throw new Error('paging did not end');
  };
  const refusal = async (work: Promise<unknown>): Promise<{ status: number; message: string }> => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { status: error.status, message: error.message };
  };

  it('lists saves newest saved first, keyset-paged across equal times, and saving twice changes nothing', async () => {
    const me = await createUser();
    const reports: Report[] = [];
    for (let i = 0; i < 5; i += 1) reports.push(await createReport());
    const t0 = Date.parse('2026-11-01T00:00:00.000Z');
    // Two saves in the same millisecond: the report id breaks the tie, and no page repeats or skips one.
    const times = [t0, t0 + 1000, t0 + 1000, t0 + 2000, t0 + 3000];
    for (const [i, report] of reports.entries()) await save(viewerOf(me, new Date(times[i] as number)), report.id);
    await save(viewerOf(me, new Date(t0 + 9000)), reports[0]!.id);
    expect(await db.models.Save.count({ where: { userId: me.id } })).toBe(5);
    const expected = [reports[4]!.id, reports[3]!.id, Math.max(reports[1]!.id, reports[2]!.id), Math.min(reports[1]!.id, reports[2]!.id), reports[0]!.id];
    expect(await allSaved(viewerOf(me), 2)).toEqual(expected);
    expect(await allSaved(viewerOf(me), 1)).toEqual(expected);

    await run((transaction) => unsaveReport(deps, viewerOf(me), reports[3]!.id, { transaction }));
    await run((transaction) => unsaveReport(deps, viewerOf(me), reports[3]!.id, { transaction }));
    expect(await allSaved(viewerOf(me), 10)).toEqual(expected.filter((id) => id !== reports[3]!.id));
  });

  it('refuses a report the member may not see, and a save beyond LIMITS.savesMax', async () => {
    const me = await createUser();
    const hidden = await createReport({ hiddenAt: new Date() });
    const draft = await createReport({ isDraft: true });
    for (const report of [hidden, draft]) expect(await refusal(save(viewerOf(me), report.id))).toEqual({ status: 404, message: TEXTS.saves.reportNotFound });
    expect(await refusal(save(viewerOf(me), 999_999_999))).toEqual({ status: 404, message: TEXTS.saves.reportNotFound });

    // Fill up to the limit with rows of their own (a save per report), then one more is refused.
    const author = await createUser();
    await db.models.Report.bulkCreate(
      Array.from({ length: LIMITS.savesMax }, (_, i) => ({ authorId: author.id, title: `保存上限${i}`, isDraft: false, listed: true, publishedAt: new Date() })),
    );
    const ids = (await db.models.Report.findAll({ where: { authorId: author.id }, attributes: ['id'] })).map((r) => r.id);
    await db.models.Save.bulkCreate(ids.map((reportId) => ({ userId: me.id, reportId, createdAt: new Date() })));
    const oneMore = await createReport();
    expect(await refusal(save(viewerOf(me), oneMore.id))).toEqual({ status: 409, message: TEXTS.saves.savesFull });
    // Saving one already saved still answers as saved, full or not.
    await expect(save(viewerOf(me), ids[0]!)).resolves.toBeUndefined();
    expect(await db.models.Save.count({ where: { userId: me.id } })).toBe(LIMITS.savesMax);
  });

  it('keeps a save whose report turns invisible out of every list, and shows it again when it is visible again', async () => {
    const me = await createUser();
    const author = await createUser();
    const report = await createReport({ author, title: '後ろ手縛りの手順' });
    const other = await createReport({ title: '別のレポート' });
    await save(viewerOf(me), other.id);
    await save(viewerOf(me), report.id);
    const collectionId = await run((transaction) => createCollection(deps, me.id, '手順', { transaction }));
    await run((transaction) => addToCollection(deps, viewerOf(me), collectionId, report.id, { transaction }));

    const shown = async () => {
      const viewer = viewerOf(me);
      const [collection] = await loadCollections(db.sequelize, viewer, { only: collectionId });
      const fallback = await searchReportsInDatabase(db.sequelize, { query: '', sort: 'new', limit: 10, offset: 0, filters: {}, viewer, savedBy: me.id });
      return {
        saves: (await allSaved(viewer, 10)).includes(report.id),
        ids: (await loadShownSavedIds(db.sequelize, viewer)).includes(report.id),
        collection: (await loadCollectionPage(db.sequelize, viewer, collectionId, null, 10)).cards.some((card) => card.id === report.id),
        count: collection?.reportCount,
        search: fallback.ids.includes(report.id),
      };
    };
    const visible = { saves: true, ids: true, collection: true, count: 1, search: true };
    const gone = { saves: false, ids: false, collection: false, count: 0, search: false };
    expect(await shown()).toEqual(visible);

    const changes: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      ['hidden by an operator', () => report.update({ hiddenAt: new Date() }), () => report.update({ hiddenAt: null })],
      ['author suspended', () => author.update({ suspendedAt: new Date() }), () => author.update({ suspendedAt: null })],
      ['I block the author', () => db.models.Block.create({ blockerId: me.id, blockedId: author.id }), () => db.models.Block.destroy({ where: { blockerId: me.id } })],
      ['the author blocks me', () => db.models.Block.create({ blockerId: author.id, blockedId: me.id }), () => db.models.Block.destroy({ where: { blockerId: author.id } })],
      ['I mute the author', () => db.models.Mute.create({ muterId: me.id, mutedId: author.id, until: null }), () => db.models.Mute.destroy({ where: { muterId: me.id } })],
      [
        'a muted word',
        () => db.models.MutedWord.create({ userId: me.id, word: '後ろ手', folded: '後ろ手', pattern: mutedWordPattern('後ろ手'), expiresAt: null }),
        () => db.models.MutedWord.destroy({ where: { userId: me.id } }),
      ],
    ];
    for (const [label, hide, show] of changes) {
      await hide();
      expect({ label, ...(await shown()) }).toEqual({ label, ...gone });
      await show();
      expect({ label, ...(await shown()) }).toEqual({ label, ...visible });
    }
    // Never deleted meanwhile: the rows are what brings it back.
    expect(await db.models.Save.count({ where: { userId: me.id, reportId: report.id } })).toBe(1);

    // Deleted for good: its rows go with it.
    await db.models.Report.destroy({ where: { id: report.id } });
    await db.models.Save.destroy({ where: { reportId: report.id } });
    expect(await allSaved(viewerOf(me), 10)).toEqual([other.id]);
  });

  it('names up to LIMITS.collectionsMax collections with unique names, keeps their order and files a report in several', async () => {
    const me = await createUser();
    const create = (name: string) => run((transaction) => createCollection(deps, me.id, name, { transaction }));
    const ids: number[] = [];
    for (let i = 0; i < LIMITS.collectionsMax; i += 1) ids.push(await create(`コレクション${i}`));
    expect(await refusal(create('ひとつ多い'))).toEqual({ status: 409, message: TEXTS.saves.collectionsFull });
    await run((transaction) => deleteCollection(deps, me.id, ids.pop()!, { transaction }));
    expect(await refusal(create('コレクション0'))).toEqual({ status: 409, message: TEXTS.saves.nameTaken });
    const last = await create('最後');
    ids.push(last);
    await run((transaction) => renameCollection(deps, me.id, last, '最後の一つ', { transaction }));
    expect(await refusal(run((transaction) => renameCollection(deps, me.id, last, 'コレクション1', { transaction })))).toEqual({ status: 409, message: TEXTS.saves.nameTaken });

    const reversed = [...ids].reverse();
    await run((transaction) => reorderCollections(deps, me.id, reversed, { transaction }));
    const listed = await loadCollections(db.sequelize, viewerOf(me));
    expect(listed.map((c) => c.id)).toEqual(reversed);
    expect(listed[0]?.name).toBe('最後の一つ');
    // An order that leaves one out is stale: nothing changes.
    expect(await refusal(run((transaction) => reorderCollections(deps, me.id, ids.slice(1), { transaction })))).toEqual({ status: 409, message: TEXTS.saves.orderMismatch });
    expect((await loadCollections(db.sequelize, viewerOf(me))).map((c) => c.id)).toEqual(reversed);

    // One report in two collections; filing saves it; removing the save takes it out of both.
    const report = await createReport();
    const [a, b] = [ids[0]!, ids[1]!];
    for (const collectionId of [a, b]) await run((transaction) => addToCollection(deps, viewerOf(me), collectionId, report.id, { transaction }));
    expect(await db.models.Save.count({ where: { userId: me.id, reportId: report.id } })).toBe(1);
    const picker = await loadCollections(db.sequelize, viewerOf(me), { reportId: report.id });
    expect(picker.filter((c) => c.hasReport).map((c) => c.id).sort()).toEqual([a, b].sort());
    await run((transaction) => removeFromCollection(deps, me.id, a, report.id, { transaction }));
    expect(await db.models.Save.count({ where: { userId: me.id, reportId: report.id } })).toBe(1);
    await run((transaction) => unsaveReport(deps, viewerOf(me), report.id, { transaction }));
    expect(await db.models.CollectionReport.count({ where: { reportId: report.id } })).toBe(0);
  });

  it("orders a collection's reports as the member asks, keeping those not sent behind them", async () => {
    const me = await createUser();
    const collectionId = await run((transaction) => createCollection(deps, me.id, '順番', { transaction }));
    const reports: Report[] = [];
    for (let i = 0; i < 4; i += 1) reports.push(await createReport());
    for (const report of reports) await run((transaction) => addToCollection(deps, viewerOf(me), collectionId, report.id, { transaction }));
    const order = async () => (await loadCollectionPage(db.sequelize, viewerOf(me), collectionId, null, 10)).cards.map((card) => card.id);
    const [r0, r1, r2, r3] = reports.map((r) => r.id) as [number, number, number, number];
    expect(await order()).toEqual([r0, r1, r2, r3]);
    await run((transaction) => reorderCollectionReports(deps, me.id, collectionId, [r3, r1], { transaction }));
    expect(await order()).toEqual([r3, r1, r0, r2]);
    // Paged by position: the second page continues where the first ended.
    const first = await loadCollectionPage(db.sequelize, viewerOf(me), collectionId, null, 2);
    const second = await loadCollectionPage(db.sequelize, viewerOf(me), collectionId, decodeSavedCursor(first.nextKey ?? undefined), 2);
    expect([...first.cards, ...second.cards].map((card) => card.id)).toEqual([r3, r1, r0, r2]);
    expect(second.hasMore).toBe(false);
    const stranger = await createReport();
    expect(await refusal(run((transaction) => reorderCollectionReports(deps, me.id, collectionId, [stranger.id], { transaction })))).toEqual({
      status: 409,
      message: TEXTS.saves.orderMismatch,
    });
  });

  it("never lets one member touch another's collection", async () => {
    const owner = await createUser();
    const other = await createUser();
    const collectionId = await run((transaction) => createCollection(deps, owner.id, '秘密', { transaction }));
    const report = await createReport();
    const attempts = [
      () => run((transaction) => renameCollection(deps, other.id, collectionId, '乗っ取り', { transaction })),
      () => run((transaction) => deleteCollection(deps, other.id, collectionId, { transaction })),
      () => run((transaction) => addToCollection(deps, viewerOf(other), collectionId, report.id, { transaction })),
      () => run((transaction) => removeFromCollection(deps, other.id, collectionId, report.id, { transaction })),
      () => run((transaction) => reorderCollectionReports(deps, other.id, collectionId, [], { transaction })),
    ];
    for (const attempt of attempts) expect(await refusal(attempt())).toEqual({ status: 404, message: TEXTS.saves.collectionNotFound });
    expect(await loadCollections(db.sequelize, viewerOf(other))).toEqual([]);
    expect((await db.models.Collection.findByPk(collectionId))?.name).toBe('秘密');
  });

  it('exports saves and collections, and account deletion removes them', async () => {
    const me = await createUser();
    const [first, second] = [await createReport(), await createReport()];
    await save(viewerOf(me, new Date('2026-11-02T00:00:00Z')), first.id);
    const collectionId = await run((transaction) => createCollection(deps, me.id, '書き出し', { transaction }));
    await run((transaction) => addToCollection(deps, viewerOf(me, new Date('2026-11-03T00:00:00Z')), collectionId, second.id, { transaction }));
    const exported = await exportAccount({ models: db.models, sequelize: db.sequelize, storage: { url: (key: string) => `/media/${key}` } }, me);
    expect(exported.saves).toEqual([
      { reportId: second.id, savedAt: '2026-11-03T00:00:00.000Z' },
      { reportId: first.id, savedAt: '2026-11-02T00:00:00.000Z' },
    ]);
    expect(exported.collections).toEqual([{ name: '書き出し', reportIds: [second.id], createdAt: expect.any(String) }]);

    const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn() } as unknown as Parameters<typeof deleteAccount>[0]['logger'];
    await deleteAccount({ models: db.models, sequelize: db.sequelize, storage: { delete: async () => undefined } as never, logger }, me.id);
    expect(await db.models.Save.count({ where: { userId: me.id } })).toBe(0);
    expect(await db.models.Collection.count({ where: { userId: me.id } })).toBe(0);
    expect(await db.models.CollectionReport.count({ where: { collectionId } })).toBe(0);
  });
});
