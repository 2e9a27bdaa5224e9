import { REPORT_LIST_DESCRIPTION_MAX, type SortOption } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { isMysql, sqlDateTime } from '../db/connection';
import { listedReportSql, relationReplacements, reportShownInListsSql } from '../visibility';

/**
 * What a card of the list pages shows (presentReportListItem), and nothing else: the report list and
 * search results are the hottest reads, and Sequelize instances with nested includes cost more CPU than
 * the query itself there. A Report with its author and profile has the same shape.
 */
export interface ReportCard {
  id: number;
  authorId: number;
  title: string;
  description: string | null;
  thumbnailKey: string | null;
  /** The センシティブな画像 label, its lock and the blurred preview (visibility/sensitiveImages.ts). */
  imageSensitive: boolean;
  imageSensitiveLocked: boolean;
  imagePreviewKey: string | null;
  /** Content warnings: the labels' mask and その他's text; the viewer's list condition reads the mask too. */
  warningMask: number;
  warningOther: string | null;
  likeCount: number;
  createdAt: Date;
  author: { publicId: string; profile: { username: string; iconKey: string | null } | null };
}

export interface CardRow {
  id: number | string;
  author_id: number | string;
  title: string;
  description: string | null;
  thumbnail_key: string | null;
  image_sensitive: number | boolean;
  image_sensitive_locked: number | boolean;
  image_preview_key: string | null;
  warning_mask: number | string;
  warning_other: string | null;
  like_count: number | string;
  created_at: Date | string;
  public_id: string;
  username: string | null;
  icon_key: string | null;
}

/** The card's columns of report `r`, author `u` and profile `p`; one character more than a card shows, so the cut still knows it cut. */
export const CARD_COLUMNS = `r.id, r.author_id, r.title, SUBSTR(r.description, 1, ${REPORT_LIST_DESCRIPTION_MAX + 1}) AS description, r.thumbnail_key,
       r.image_sensitive, r.image_sensitive_locked, r.image_preview_key, r.warning_mask, r.warning_other, r.like_count, r.created_at,
       u.public_id, p.username, p.icon_key`;

/** The sort key of each list order and its index (migration 0012): (listed, is_draft, hidden_at, key, id). */
const SORTS: Record<SortOption, { column: string; direction: 'ASC' | 'DESC'; index: string }> = {
  new: { column: 'created_at', direction: 'DESC', index: 'reports_feed_created_at_id' },
  old: { column: 'created_at', direction: 'ASC', index: 'reports_feed_created_at_id' },
  like: { column: 'like_count', direction: 'DESC', index: 'reports_feed_like_count_id' },
};

/** Whose lists these are: their blocks, mutes and muted words apply (visibility/relations.ts). */
export interface ListViewer {
  id: number;
  now: Date;
}

/** The viewer's condition on report alias `r` and its replacements; nothing without a viewer. */
export function viewerListCondition(sequelize: Sequelize, viewer: ListViewer | null, r: string): { sql: string; replacements: Record<string, unknown> } {
  if (!viewer) return { sql: '', replacements: {} };
  return { sql: `AND ${reportShownInListsSql(r)}`, replacements: relationReplacements(sequelize, viewer.id, viewer.now) };
}

export const cardOrderSql = (sort: SortOption, r: string): string => `${r}.${SORTS[sort].column} ${SORTS[sort].direction}, ${r}.id ${SORTS[sort].direction}`;

/** Where a page of `sort` ended: its last card's sort key (a Date for new/old, a count for like) and id. */
export interface CardKeyset {
  key: Date | number;
  id: number;
}

/**
 * One page of listed reports in `sort` order, strictly after `after` when given. The page is chosen in a
 * derived table that reads the feed index alone, from the cursor on: `key < :key OR (key = :key AND id <
 * :id)` is two ranges of that index, so a page 10,000 reports deep reads as few rows as the first. The
 * author and profile are joined to those rows only. Joined in the same query instead, MariaDB started
 * from the 2,000 members and read every report of each (a filesort of 100,000 rows on every page).
 * FORCE INDEX because MariaDB otherwise prefers a `ref` scan on the index's three constant columns, which
 * reads from the top of the list down to the cursor.
 */
export async function loadCardPage(sequelize: Sequelize, sort: SortOption, after: CardKeyset | null, limit: number, viewer: ListViewer | null = null): Promise<ReportCard[]> {
  return (await readCardPage(sequelize, sort, after, limit, viewer, CARD_COLUMNS)).map(toCard);
}

/** A card with what the viewer's list condition reads (its author id, warning mask, and the folded text), for filtering in memory. */
export interface FilterableCard extends ReportCard {
  matchText: string | null;
}

/**
 * The first `limit` listed reports of `sort` after `after` (from the top without it) for no one in
 * particular: the feed's shared pages (feedPageCache.ts). Each row also says, in the same statement,
 * whether `viewer` sees it in their lists (reportShownInListsSql), so the member whose request reads the
 * shared rows is answered without a statement more; later members filter the same rows with visibility's
 * listRelationsShow.
 */
export async function loadFilterablePage(
  sequelize: Sequelize,
  sort: SortOption,
  after: CardKeyset | null,
  limit: number,
  viewer: ListViewer,
): Promise<Array<FilterableCard & { shownToViewer: boolean }>> {
  const columns = `${CARD_COLUMNS}, r.match_text, CASE WHEN ${reportShownInListsSql('r')} THEN 1 ELSE 0 END AS shown_to_viewer`;
  const rows = await readCardPage<CardRow & { match_text: string | null; shown_to_viewer: number | string }>(sequelize, sort, after, limit, null, columns, {
    ...relationReplacements(sequelize, viewer.id, viewer.now),
  });
  return rows.map((row) => ({ ...toCard(row), matchText: row.match_text, shownToViewer: Number(row.shown_to_viewer) === 1 }));
}

async function readCardPage<Row extends CardRow>(
  sequelize: Sequelize,
  sort: SortOption,
  after: CardKeyset | null,
  limit: number,
  viewer: ListViewer | null,
  columns: string,
  columnReplacements: Record<string, unknown> = {},
): Promise<Row[]> {
  const { column, direction, index } = SORTS[sort];
  const shown = viewerListCondition(sequelize, viewer, 'k');
  const beyond = direction === 'DESC' ? '<' : '>';
  const keyset = after ? `AND (k.${column} ${beyond} :key OR (k.${column} = :key AND k.id ${beyond} :id))` : '';
  const hint = isMysql(sequelize) ? `FORCE INDEX (${index})` : '';
  return sequelize.query<Row>(
    `SELECT ${columns}
       FROM (SELECT k.id FROM reports k ${hint}
              WHERE ${listedReportSql('k')} ${keyset} ${shown.sql}
              ORDER BY ${cardOrderSql(sort, 'k')}
              LIMIT :limit) page
       JOIN reports r ON r.id = page.id
       JOIN users u ON u.id = r.author_id
       LEFT JOIN profiles p ON p.user_id = u.id
      ORDER BY ${cardOrderSql(sort, 'r')}`,
    {
      replacements: { limit, ...columnReplacements, ...shown.replacements, ...(after ? { key: after.key instanceof Date ? sqlDateTime(sequelize, after.key) : after.key, id: after.id } : {}) },
      type: QueryTypes.SELECT,
    },
  );
}

/**
 * Reports that rose above the like-sorted list's boundary at (key, id) by a like made after `:since`, from
 * report_like_levels `x` joined to report `r` (reportFeedLoader.ts explains the two levels). Replacements:
 * key, keyAbove (key + 1), id, since.
 */
export const LIKED_ACROSS_BOUNDARY_SQL = `x.level IN (:key, :keyAbove) AND x.reached_at > :since
        AND ((x.level = :key AND x.report_id > :id) OR (x.level = :keyAbove AND x.report_id <= :id))
        AND (r.like_count > :key OR (r.like_count = :key AND r.id > :id))`;

/** A listed report that rose above a like-sorted boundary, with when it reached the level that crossed it. */
export interface LikedAcrossCard extends FilterableCard {
  reachedAt: Date;
}

/**
 * The listed reports that rose above the boundary at (key, id) by a like made after `since`, for no one in
 * particular, as cards in the list's order (like_count, id descending), `limit` at most: the like-sorted
 * catch-up shared between members (feedPageCache.ts), filtered per member in memory. As with
 * loadFilterablePage, each row also says whether `viewer`, whose request reads them, sees it.
 */
export async function loadFilterableLikedAcross(
  sequelize: Sequelize,
  boundary: { key: number; id: number },
  since: Date,
  limit: number,
  viewer: ListViewer,
): Promise<Array<LikedAcrossCard & { shownToViewer: boolean }>> {
  const rows = await sequelize.query<CardRow & { match_text: string | null; reached_at: Date | string; shown_to_viewer: number | string }>(
    `SELECT ${CARD_COLUMNS}, r.match_text, x.reached_at, CASE WHEN ${reportShownInListsSql('r')} THEN 1 ELSE 0 END AS shown_to_viewer
       FROM report_like_levels x
       JOIN reports r ON r.id = x.report_id
       JOIN users u ON u.id = r.author_id
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE ${LIKED_ACROSS_BOUNDARY_SQL} AND ${listedReportSql('r')}
      ORDER BY ${cardOrderSql('like', 'r')}
      LIMIT :limit`,
    {
      replacements: {
        ...relationReplacements(sequelize, viewer.id, viewer.now),
        key: boundary.key,
        keyAbove: boundary.key + 1,
        id: boundary.id,
        since: sqlDateTime(sequelize, since),
        limit,
      },
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((row) => ({
    ...toCard(row),
    matchText: row.match_text,
    // mysql2 answers a Date; SQLite the text Sequelize stored.
    reachedAt: row.reached_at instanceof Date ? row.reached_at : new Date(row.reached_at),
    shownToViewer: Number(row.shown_to_viewer) === 1,
  }));
}

/**
 * The listed ones of `ids` (published, not hidden, author not suspended) as cards, in the order of
 * `ids`: search results and the like-sorted list's catch-up. With a viewer, only those in their lists.
 */
export async function loadListedCards(sequelize: Sequelize, ids: readonly number[], viewer: ListViewer | null = null): Promise<ReportCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const shown = viewerListCondition(sequelize, viewer, 'r');
  const rows = await sequelize.query<CardRow>(
    `SELECT ${CARD_COLUMNS}
       FROM reports r
       JOIN users u ON u.id = r.author_id
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE r.id IN (:ids) AND ${listedReportSql('r')} ${shown.sql}`,
    { replacements: { ids: unique, ...shown.replacements }, type: QueryTypes.SELECT },
  );
  const byId = new Map(rows.map((row) => [Number(row.id), toCard(row)]));
  return ids.map((id) => byId.get(id)).filter((card): card is ReportCard => card !== undefined);
}

/**
 * The listed ones of `ids` with their folded text, for no one in particular, in the order of `ids`:
 * search results filtered in memory by a member's relations (visibility's listRelationsShow).
 */
export async function loadFilterableListedCards(sequelize: Sequelize, ids: readonly number[]): Promise<FilterableCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await sequelize.query<CardRow & { match_text: string | null }>(
    `SELECT ${CARD_COLUMNS}, r.match_text
       FROM reports r
       JOIN users u ON u.id = r.author_id
       LEFT JOIN profiles p ON p.user_id = u.id
      WHERE r.id IN (:ids) AND ${listedReportSql('r')}`,
    { replacements: { ids: unique }, type: QueryTypes.SELECT },
  );
  const byId = new Map(rows.map((row) => [Number(row.id), { ...toCard(row), matchText: row.match_text }]));
  return ids.map((id) => byId.get(id)).filter((card): card is FilterableCard => card !== undefined);
}

/** The card's own fields alone: the folded text (and any verdict read with it) was only for the filter. */
export function withoutMatchText(row: FilterableCard): ReportCard {
  return {
    id: row.id,
    authorId: row.authorId,
    title: row.title,
    description: row.description,
    thumbnailKey: row.thumbnailKey,
    imageSensitive: row.imageSensitive,
    imageSensitiveLocked: row.imageSensitiveLocked,
    imagePreviewKey: row.imagePreviewKey,
    warningMask: row.warningMask,
    warningOther: row.warningOther,
    likeCount: row.likeCount,
    createdAt: row.createdAt,
    author: row.author,
  };
}

export function toCard(row: CardRow): ReportCard {
  return {
    id: Number(row.id),
    authorId: Number(row.author_id),
    title: row.title,
    description: row.description,
    thumbnailKey: row.thumbnail_key,
    // MariaDB answers a BOOLEAN column as 0/1.
    imageSensitive: Boolean(Number(row.image_sensitive)),
    imageSensitiveLocked: Boolean(Number(row.image_sensitive_locked)),
    imagePreviewKey: row.image_preview_key,
    warningMask: Number(row.warning_mask),
    warningOther: row.warning_other,
    likeCount: Number(row.like_count),
    // mysql2 answers a Date; SQLite the text Sequelize stored ("2026-11-23 00:34:57.000 +00:00").
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    author: { publicId: row.public_id, profile: row.username === null ? null : { username: row.username, iconKey: row.icon_key } },
  };
}
