import { TEXTS } from '@hiraku/shared';
import { loadCollectionPage, loadCollections, loadSavedIds, loadSavedPage, type SavedCardPage } from '../../commands/saves/savedLists';
import { decodeSavedCursor } from '../../commands/saves/savedCursor';
import {
  addToCollection,
  createCollection,
  deleteCollection,
  ownCollection,
  removeFromCollection,
  renameCollection,
  reorderCollectionReports,
  reorderCollections,
  saveReport,
  unsaveReport,
} from '../../commands/saves/saveWriter';
import type { ListViewer } from '../../commands/reportCards';
import { writeTransaction } from '../../db/transaction';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { presentReportListItem } from '../../presenters/report';
import { createSavedSearch } from '../../search/savedSearch';
import type { AppServices } from '../../services';

const t = TEXTS.saves;

/** 保存 and collections: every handler acts on the caller's own saves and nobody else's. */
export function saveHandlers(services: AppServices): EndpointHandlers<KeysOf<'saves'> | KeysOf<'collections'>> {
  const { sequelize, storage } = services;
  const searchSaved = createSavedSearch(services);
  const listViewer = (user: { id: number }): ListViewer => ({ id: user.id, now: new Date() });
  const write = <T>(work: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(sequelize, work);
  const present = (user: Parameters<typeof presentReportListItem>[1]['viewer'], page: SavedCardPage) => ({
    data: page.cards.map((card) => presentReportListItem(card, { viewer: user, storage })),
    nextKey: page.nextKey,
    hasMore: page.hasMore,
  });
  /** One collection as the list shows it, read after a change. */
  const collectionOf = async (user: { id: number }, id: number) => {
    const [collection] = await loadCollections(sequelize, listViewer(user), { only: id });
    if (!collection) throw notFound(t.collectionNotFound);
    return collection;
  };

  return {
    'saves.list': async ({ user, query }) => present(user, await loadSavedPage(sequelize, listViewer(user), decodeSavedCursor(query.cursor), query.limit)),
    'saves.ids': async ({ user }) => ({ reportIds: await loadSavedIds(sequelize, user.id) }),
    'saves.search': async ({ user, query }) => {
      const found = await searchSaved(query, listViewer(user));
      return {
        reports: found.reports.map((report) => presentReportListItem(report, { viewer: user, storage })),
        total: found.total,
        source: found.source,
        ...(found.notice ? { notice: found.notice } : {}),
      };
    },
    'saves.add': async ({ user, params }) => {
      await write((transaction) => saveReport(services, listViewer(user), params.reportId, { transaction }));
      return { saved: true, message: t.saved };
    },
    'saves.remove': async ({ user, params }) => {
      await write((transaction) => unsaveReport(services, listViewer(user), params.reportId, { transaction }));
      return { saved: false, message: t.unsaved };
    },

    'collections.list': async ({ user, query }) => ({
      collections: await loadCollections(sequelize, listViewer(user), query.reportId === undefined ? {} : { reportId: query.reportId }),
    }),
    'collections.create': async ({ user, body }) => {
      const id = await write((transaction) => createCollection(services, user.id, body.name, { transaction }));
      return { message: t.collectionCreated, collection: await collectionOf(user, id) };
    },
    'collections.rename': async ({ user, params, body }) => {
      await write((transaction) => renameCollection(services, user.id, params.id, body.name, { transaction }));
      return { message: t.collectionRenamed, collection: await collectionOf(user, params.id) };
    },
    'collections.remove': async ({ user, params }) => {
      await write((transaction) => deleteCollection(services, user.id, params.id, { transaction }));
      return { message: t.collectionDeleted };
    },
    'collections.reorder': async ({ user, body }) => {
      await write((transaction) => reorderCollections(services, user.id, body.ids, { transaction }));
      return { message: t.reordered };
    },
    'collections.reports': async ({ user, params, query }) => {
      await ownCollection(services, user.id, params.id);
      return present(user, await loadCollectionPage(sequelize, listViewer(user), params.id, decodeSavedCursor(query.cursor), query.limit));
    },
    'collections.addReport': async ({ user, params }) => {
      await write((transaction) => addToCollection(services, listViewer(user), params.id, params.reportId, { transaction }));
      return { message: t.addedToCollection, collection: await collectionOf(user, params.id) };
    },
    'collections.removeReport': async ({ user, params }) => {
      await write((transaction) => removeFromCollection(services, user.id, params.id, params.reportId, { transaction }));
      return { message: t.removedFromCollection, collection: await collectionOf(user, params.id) };
    },
    'collections.reorderReports': async ({ user, params, body }) => {
      await write((transaction) => reorderCollectionReports(services, user.id, params.id, body.reportIds, { transaction }));
      return { message: t.reordered };
    },
  };
}
