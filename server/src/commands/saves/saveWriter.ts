import { LIMITS, TEXTS } from '@hiraku/shared';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { conflict, notFound } from '../../errors';
import type { Collection, Models } from '../../models';
import { relationReplacements, savedReportShownSql } from '../../visibility';
import type { ListViewer } from '../reportCards';
import { enqueueReportSearchSync } from '../searchOutbox';

/*
 * 保存 and collections: each member's own. Every write runs in the caller's transaction with
 * the member's row locked, so two tabs cannot together pass a limit or interleave positions. A report in
 * a collection is always saved too: adding to a collection saves it, and removing the save takes it out
 * of the member's collections, so "what I saved" (the list and its search) holds everything filed.
 */

type SaveModels = Pick<Models, 'User' | 'Save' | 'Collection' | 'CollectionReport' | 'SearchOutboxEntry'>;
export interface SaveDeps {
  models: SaveModels;
  sequelize: Sequelize;
}
type Options = { transaction: Transaction };

const t = TEXTS.saves;

async function lockMember({ models }: SaveDeps, userId: number, { transaction }: Options): Promise<void> {
  await models.User.findByPk(userId, { attributes: ['id'], transaction, lock: transaction.LOCK.UPDATE });
}

/** The report, if the member may save it now: it shows in their lists (visibility's savedReportShownSql). 404 otherwise. */
async function assertSavable({ sequelize }: SaveDeps, viewer: ListViewer, reportId: number, { transaction }: Options): Promise<void> {
  const rows = await sequelize.query(`SELECT r.id FROM reports r WHERE r.id = :reportId AND ${savedReportShownSql('r')}`, {
    replacements: { ...relationReplacements(sequelize, viewer.id, viewer.now), reportId },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (rows.length === 0) throw notFound(t.reportNotFound);
}

/** Saves the report once (saving again changes nothing); beyond LIMITS.savesMax: 409. The member's row must be locked. */
async function saveLocked(deps: SaveDeps, viewer: ListViewer, reportId: number, options: Options): Promise<void> {
  const { Save } = deps.models;
  if (await Save.findOne({ where: { userId: viewer.id, reportId }, attributes: ['reportId'], transaction: options.transaction })) return;
  await assertSavable(deps, viewer, reportId, options);
  if ((await Save.count({ where: { userId: viewer.id }, transaction: options.transaction })) >= LIMITS.savesMax) throw conflict(t.savesFull);
  await Save.create({ userId: viewer.id, reportId, createdAt: viewer.now }, options);
  // The report's search document lists who saved it (`savedBy`, search inside one's saves; docs/decisions.md).
  await enqueueReportSearchSync(deps.models, [reportId], 'upsert', options);
}

export async function saveReport(deps: SaveDeps, viewer: ListViewer, reportId: number, options: Options): Promise<void> {
  await lockMember(deps, viewer.id, options);
  await saveLocked(deps, viewer, reportId, options);
}

/** Removes the save and the report's place in the member's collections; removing again changes nothing. */
export async function unsaveReport(deps: SaveDeps, viewer: ListViewer, reportId: number, options: Options): Promise<void> {
  const { models } = deps;
  await lockMember(deps, viewer.id, options);
  const collectionIds = (await models.Collection.findAll({ where: { userId: viewer.id }, attributes: ['id'], transaction: options.transaction })).map((c) => c.id);
  if (collectionIds.length > 0) await models.CollectionReport.destroy({ where: { collectionId: collectionIds, reportId }, transaction: options.transaction });
  const removed = await models.Save.destroy({ where: { userId: viewer.id, reportId }, transaction: options.transaction });
  if (removed > 0) await enqueueReportSearchSync(models, [reportId], 'upsert', options);
}

/** The member's collection by id; another member's answers 404 exactly as one that does not exist. */
export async function ownCollection({ models }: SaveDeps, viewerId: number, collectionId: number, { transaction }: Partial<Options> = {}): Promise<Collection> {
  const collection = await models.Collection.findOne({ where: { id: collectionId, userId: viewerId }, transaction });
  if (!collection) throw notFound(t.collectionNotFound);
  return collection;
}

async function assertNameFree({ models }: SaveDeps, viewerId: number, name: string, exceptId: number | null, { transaction }: Options): Promise<void> {
  const same = await models.Collection.findOne({
    where: { userId: viewerId, name, ...(exceptId === null ? {} : { id: { [Op.ne]: exceptId } }) },
    attributes: ['id'],
    transaction,
  });
  if (same) throw conflict(t.nameTaken);
}

/** A new collection at the end of the member's list; beyond LIMITS.collectionsMax or a name in use: 409. */
export async function createCollection(deps: SaveDeps, viewerId: number, name: string, options: Options): Promise<number> {
  const { Collection } = deps.models;
  await lockMember(deps, viewerId, options);
  if ((await Collection.count({ where: { userId: viewerId }, transaction: options.transaction })) >= LIMITS.collectionsMax) throw conflict(t.collectionsFull);
  await assertNameFree(deps, viewerId, name, null, options);
  const last: unknown = await Collection.max('position', { where: { userId: viewerId }, transaction: options.transaction });
  const created = await Collection.create({ userId: viewerId, name, position: typeof last === 'number' ? last + 1 : 0 }, options);
  return created.id;
}

export async function renameCollection(deps: SaveDeps, viewerId: number, collectionId: number, name: string, options: Options): Promise<void> {
  await lockMember(deps, viewerId, options);
  const collection = await ownCollection(deps, viewerId, collectionId, options);
  await assertNameFree(deps, viewerId, name, collection.id, options);
  await collection.update({ name }, options);
}

/** Deletes the collection; its reports stay saved. */
export async function deleteCollection(deps: SaveDeps, viewerId: number, collectionId: number, options: Options): Promise<void> {
  await lockMember(deps, viewerId, options);
  const collection = await ownCollection(deps, viewerId, collectionId, options);
  await deps.models.CollectionReport.destroy({ where: { collectionId: collection.id }, transaction: options.transaction });
  await collection.destroy(options);
}

/** The member's collections in the order of `ids`, which must name each of them once (else 409: the page is stale). */
export async function reorderCollections(deps: SaveDeps, viewerId: number, ids: readonly number[], options: Options): Promise<void> {
  await lockMember(deps, viewerId, options);
  const collections = await deps.models.Collection.findAll({ where: { userId: viewerId }, transaction: options.transaction });
  const given = new Set(ids);
  if (collections.length !== ids.length || collections.some((c) => !given.has(c.id))) throw conflict(t.orderMismatch);
  const byId = new Map(collections.map((c) => [c.id, c]));
  for (const [position, id] of ids.entries()) {
    const collection = byId.get(id);
    if (collection && collection.position !== position) await collection.update({ position }, options);
  }
}

/** Files the report in the collection (saving it if it was not), at the collection's end; filing again changes nothing. */
export async function addToCollection(deps: SaveDeps, viewer: ListViewer, collectionId: number, reportId: number, options: Options): Promise<void> {
  const { CollectionReport } = deps.models;
  await lockMember(deps, viewer.id, options);
  const collection = await ownCollection(deps, viewer.id, collectionId, options);
  await saveLocked(deps, viewer, reportId, options);
  if (await CollectionReport.findOne({ where: { collectionId: collection.id, reportId }, attributes: ['reportId'], transaction: options.transaction })) return;
  const last: unknown = await CollectionReport.max('position', { where: { collectionId: collection.id }, transaction: options.transaction });
  await CollectionReport.create({ collectionId: collection.id, reportId, position: typeof last === 'number' ? last + 1 : 0 }, options);
}

/** Takes the report out of the collection; it stays saved. */
export async function removeFromCollection(deps: SaveDeps, viewerId: number, collectionId: number, reportId: number, options: Options): Promise<void> {
  await lockMember(deps, viewerId, options);
  const collection = await ownCollection(deps, viewerId, collectionId, options);
  await deps.models.CollectionReport.destroy({ where: { collectionId: collection.id, reportId }, transaction: options.transaction });
}

/**
 * The collection's reports with `reportIds` first, in that order, and the others after them in their
 * previous order: the page sends the reports it shows, and those it does not (not loaded yet, or not
 * visible to the member now) keep their place behind them rather than being lost. An id not in the
 * collection: 409 (the page is stale).
 */
export async function reorderCollectionReports(deps: SaveDeps, viewerId: number, collectionId: number, reportIds: readonly number[], options: Options): Promise<void> {
  await lockMember(deps, viewerId, options);
  const collection = await ownCollection(deps, viewerId, collectionId, options);
  const rows = await deps.models.CollectionReport.findAll({
    where: { collectionId: collection.id },
    order: [['position', 'ASC'], ['reportId', 'ASC']],
    transaction: options.transaction,
  });
  const byId = new Map(rows.map((row) => [row.reportId, row]));
  if (reportIds.some((id) => !byId.has(id))) throw conflict(t.orderMismatch);
  const given = new Set(reportIds);
  const order = [...reportIds, ...rows.map((row) => row.reportId).filter((id) => !given.has(id))];
  for (const [position, id] of order.entries()) {
    const row = byId.get(id);
    if (row && row.position !== position) await deps.models.CollectionReport.update({ position }, { where: { collectionId: collection.id, reportId: id }, transaction: options.transaction });
  }
}
