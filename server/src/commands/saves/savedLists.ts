import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { sqlDateTime } from '../../db/connection';
import { relationReplacements, savedReportShownSql } from '../../visibility';
import { loadListedCards, type ListViewer, type ReportCard } from '../reportCards';
import { encodeSavedCursor, type SavedCursor } from './savedCursor';

/*
 * The member's saved lists. Every list filters at read time with visibility's
 * savedReportShownSql: a save whose report turned invisible to the member stays stored but is not
 * listed, counted or searched, and shows again when the report does.
 */

export interface SavedCardPage {
  cards: ReportCard[];
  nextKey: string | null;
  hasMore: boolean;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A page of `rows` (one more than `limit` read) as cards in their order, and the cursor after it. */
async function toCardPage(sequelize: Sequelize, viewer: ListViewer, rows: Array<{ id: number; key: number }>, limit: number): Promise<SavedCardPage> {
  const page = rows.slice(0, limit);
  // The cards' own loader re-applies the same list rule, so a card never shows what the ids query would not.
  const cards = await loadListedCards(sequelize, page.map((row) => row.id), viewer);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  return { cards, hasMore, nextKey: hasMore && last ? encodeSavedCursor(last) : null };
}

/**
 * The member's saved reports they may see now, newest saved first, strictly after `after`. Keyset over
 * saves (user_id, created_at, report_id): a page 4,000 saves deep reads as few index entries as the first
 * (plus those it skips for being invisible).
 */
export async function loadSavedPage(sequelize: Sequelize, viewer: ListViewer, after: SavedCursor | null, limit: number): Promise<SavedCardPage> {
  const keyset = after ? 'AND (s.created_at < :at OR (s.created_at = :at AND s.report_id < :afterId))' : '';
  const rows = await sequelize.query<{ id: number | string; saved_at: Date | string }>(
    `SELECT s.report_id AS id, s.created_at AS saved_at
       FROM saves s JOIN reports r ON r.id = s.report_id
      WHERE s.user_id = :visViewer ${keyset} AND ${savedReportShownSql('r')}
      ORDER BY s.created_at DESC, s.report_id DESC
      LIMIT :limit`,
    {
      replacements: {
        ...relationReplacements(sequelize, viewer.id, viewer.now),
        limit: limit + 1,
        ...(after ? { at: sqlDateTime(sequelize, new Date(after.key)), afterId: after.id } : {}),
      },
      type: QueryTypes.SELECT,
    },
  );
  return toCardPage(sequelize, viewer, rows.map((row) => ({ id: Number(row.id), key: asDate(row.saved_at).getTime() })), limit);
}

/** A page of one collection's reports the member may see now, in the collection's order. The caller checked the collection is theirs. */
export async function loadCollectionPage(sequelize: Sequelize, viewer: ListViewer, collectionId: number, after: SavedCursor | null, limit: number): Promise<SavedCardPage> {
  const keyset = after ? 'AND (cr.position > :position OR (cr.position = :position AND cr.report_id > :afterId))' : '';
  const rows = await sequelize.query<{ id: number | string; position: number | string }>(
    `SELECT cr.report_id AS id, cr.position
       FROM collection_reports cr JOIN reports r ON r.id = cr.report_id
      WHERE cr.collection_id = :collectionId ${keyset} AND ${savedReportShownSql('r')}
      ORDER BY cr.position ASC, cr.report_id ASC
      LIMIT :limit`,
    {
      replacements: {
        ...relationReplacements(sequelize, viewer.id, viewer.now),
        collectionId,
        limit: limit + 1,
        ...(after ? { position: after.key, afterId: after.id } : {}),
      },
      type: QueryTypes.SELECT,
    },
  );
  return toCardPage(sequelize, viewer, rows.map((row) => ({ id: Number(row.id), key: Number(row.position) })), limit);
}

/** Every report id the member keeps saved, visible or not: only the member's own buttons read it. */
export async function loadSavedIds(sequelize: Sequelize, userId: number): Promise<number[]> {
  const rows = await sequelize.query<{ id: number | string }>('SELECT report_id AS id FROM saves WHERE user_id = :userId ORDER BY created_at DESC, report_id DESC', {
    replacements: { userId },
    type: QueryTypes.SELECT,
  });
  return rows.map((row) => Number(row.id));
}

/** The saved report ids the member may see now (the set search inside /saved looks in). */
export async function loadShownSavedIds(sequelize: Sequelize, viewer: ListViewer): Promise<number[]> {
  const rows = await sequelize.query<{ id: number | string }>(
    `SELECT s.report_id AS id FROM saves s JOIN reports r ON r.id = s.report_id WHERE s.user_id = :visViewer AND ${savedReportShownSql('r')}`,
    { replacements: relationReplacements(sequelize, viewer.id, viewer.now), type: QueryTypes.SELECT },
  );
  return rows.map((row) => Number(row.id));
}

export interface CollectionRow {
  id: number;
  name: string;
  reportCount: number;
  hasReport?: boolean;
}

/**
 * The member's collections in their order, each with how many of its reports the member may see now;
 * with `reportId`, whether that report is in each (the picker). `only` narrows to one collection.
 */
export async function loadCollections(
  sequelize: Sequelize,
  viewer: ListViewer,
  { reportId, only, transaction }: { reportId?: number; only?: number; transaction?: Transaction } = {},
): Promise<CollectionRow[]> {
  const hasReport = reportId === undefined ? '' : ', (SELECT COUNT(*) FROM collection_reports x WHERE x.collection_id = c.id AND x.report_id = :reportId) AS has_report';
  const rows = await sequelize.query<{ id: number | string; name: string; report_count: number | string; has_report?: number | string }>(
    `SELECT c.id, c.name,
            (SELECT COUNT(*) FROM collection_reports cr JOIN reports r ON r.id = cr.report_id
              WHERE cr.collection_id = c.id AND ${savedReportShownSql('r')}) AS report_count${hasReport}
       FROM collections c
      WHERE c.user_id = :visViewer ${only === undefined ? '' : 'AND c.id = :only'}
      ORDER BY c.position ASC, c.id ASC`,
    {
      replacements: { ...relationReplacements(sequelize, viewer.id, viewer.now), ...(reportId === undefined ? {} : { reportId }), ...(only === undefined ? {} : { only }) },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    reportCount: Number(row.report_count),
    ...(row.has_report === undefined ? {} : { hasReport: Number(row.has_report) > 0 }),
  }));
}
