import type { SortOption } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import type { AppCaches } from '../cache/appCaches';
import { listRelationsReader, listRelationsShow } from '../visibility';
import { loadFilterableLikedAcross, loadFilterablePage, withoutMatchText, type CardKeyset, type FilterableCard, type LikedAcrossCard, type ListViewer, type ReportCard } from './reportCards';

/**
 * The feed's pages of each sort, shared by every member for a moment: most requests of the
 * feed are a first page or one of the next few, and every member's page after a given report is the same
 * listed reports minus the ones their own relations hide. A page is keyed by its sort, size and where it
 * starts (the keyset of the cursor: the report before it), so the first page and every member who
 * scrolls from it without hidden reports hold the same cursors and read the same shared rows.
 *
 * What is shared is public: listed reports only (published, not hidden, author not suspended), read
 * without a viewer. What is private is applied per request: the viewer's blocks (either way), mutes and
 * muted words (one statement, kept for the member a moment by visibility/listRelationsCache.ts) filter
 * the rows with visibility's listRelationsShow (the same rule as the SQL form; visibilityAgreement.int.test.ts holds them
 * together); the member whose request reads the shared rows gets the SQL form's verdict on each row in
 * that same statement, so a page costs the session check and at most one statement. The
 * shared page holds `margin` reports more than a page, so a viewer who hides a few of
 * them still gets a full page; when their relations hide more, their page is read from the database as
 * before. Cards carry no field of the viewer's own (no liked-by-me), so nothing else is merged.
 *
 * The like-sorted list's catch-up (reportFeedLoader.ts) is shared the same way, per page boundary: the
 * listed reports that crossed it by a like of the last SHARED_CATCH_UP_WINDOW_MS, each with the moment it
 * did, from which every cursor at that boundary takes the ones since its own `at`.
 *
 * Where they are kept: the named caches `feedPages` and `likeCatchUps` of the app's services
 * (cache/appCaches.ts, with their sizes and times). Freshness: every write that changes a
 * listing (publish, edit, hide, delete, a like count, warning labels, a suspension) drops every shared
 * page after its commit, in this process at once and in the others through the bus
 * (cache/invalidation.ts), so a member who publishes, hides, deletes or likes sees the change on their
 * next read, whichever process answers it. Writes that change no listing (sessions, the bell, the
 * notification worker) leave them alone.
 */
export interface FeedPageCacheOptions {
  /** Reports read beyond a page, for the viewers whose relations hide some of them. */
  margin: number;
  now?: () => number;
}

export const FEED_PAGE_CACHE_DEFAULTS = { margin: 16 } as const;

/**
 * How far back the shared catch-up of the like-sorted list reads: a cursor issued longer ago than this (a
 * member who left the page open) is caught up by its own statement, as before.
 */
export const SHARED_CATCH_UP_WINDOW_MS = 15 * 60_000;
/** The most rows a shared catch-up holds; when it is full, rows a cursor needs may lie beyond it and the cursor reads its own. */
export const SHARED_CATCH_UP_ROWS = 500;

export interface FeedPageCache {
  /**
   * The viewer's page of `sort` after `after` (the first page without it), `size` cards at most (`size`
   * being a page plus the one that says whether more follow), or null when the shared rows cannot fill it
   * for them: the caller reads it itself.
   */
  page(sort: SortOption, after: CardKeyset | null, size: number, viewer: ListViewer): Promise<ReportCard[] | null>;
  /**
   * The like-sorted catch-up (reportFeedLoader.ts) from shared rows: the listed reports the viewer sees
   * that rose above the boundary at (key, id) by a like made after `since` (ms), in the list's order,
   * `limit` at most; null when the shared rows cannot tell (a cursor older than the window, or more rows
   * than they hold): the caller reads them itself.
   */
  likedAcross(boundary: { key: number; id: number }, since: number, limit: number, viewer: ListViewer): Promise<ReportCard[] | null>;
}

/** Where a page starts, as a key: the cursor's keyset, which every member who reached that report holds alike. */
function pageKey(sort: SortOption, after: CardKeyset | null, size: number): string {
  if (!after) return `${sort}:${size}`;
  return `${sort}:${size}:${after.key instanceof Date ? after.key.getTime() : after.key}:${after.id}`;
}

/** Shared rows as read: each with the verdict of the member whose request read them (whether they see it). */
export type SharedRows<Card> = Array<Card & { shownToViewer: boolean }>;
type ReadFor<Card> = SharedRows<Card>;

/** A boundary's shared catch-up: the rows that crossed it by a like since `from` (ms). */
export interface SharedCatchUp {
  from: number;
  rows: SharedRows<LikedAcrossCard>;
}

export function createFeedPageCache(
  sequelize: Sequelize,
  caches: Pick<AppCaches, 'enabled' | 'feedPages' | 'likeCatchUps' | 'listRelations'>,
  { margin, now = Date.now }: FeedPageCacheOptions = FEED_PAGE_CACHE_DEFAULTS,
): FeedPageCache {
  const relationsOf = listRelationsReader(sequelize, caches.listRelations);
  const pages = caches.feedPages;
  const catchUps = caches.likeCatchUps;
  // HIRAKU_CACHES=off: every page is read by its own request, as the caller does without shared rows.
  const off = !caches.enabled;

  /**
   * What `viewer` sees of shared rows, `size` at most: the verdict read with the rows when their own
   * request read them (no statement more), else their relations (a read still under way for another
   * member counts as shared).
   */
  async function shownTo<Card extends FilterableCard>(viewer: ListViewer, rows: ReadFor<Card>, size: number, readForViewer: boolean): Promise<Card[]> {
    if (readForViewer) return rows.filter((row) => row.shownToViewer).slice(0, size);
    const relations = await relationsOf(viewer);
    const shown: Card[] = [];
    for (const row of rows) {
      if (shown.length === size) break;
      if (listRelationsShow(viewer.id, relations, row)) shown.push(row);
    }
    return shown;
  }

  return {
    async page(sort, after, size, viewer) {
      if (off) return null;
      let readForViewer = false;
      const rows = await pages.get(pageKey(sort, after, size), () => {
        readForViewer = true;
        return loadFilterablePage(sequelize, sort, after, size + margin, viewer);
      });
      const shown = await shownTo(viewer, rows, size, readForViewer);
      // Fewer than asked while the shared rows were full: the hidden ones left a gap only the database can fill.
      if (shown.length < size && rows.length === size + margin) return null;
      // Only the card's own fields leave: the folded text was for the filter. The author id stays, since
      // how a sensitive image reaches this viewer depends on whether it is theirs (visibility/sensitiveImages.ts).
      return shown.map(withoutMatchText);
    },

    async likedAcross(boundary, since, limit, viewer) {
      if (off) return null;
      let readForViewer = false;
      const shared = await catchUps.get(`${boundary.key}:${boundary.id}`, async () => {
        readForViewer = true;
        const from = now() - SHARED_CATCH_UP_WINDOW_MS;
        return { from, rows: await loadFilterableLikedAcross(sequelize, boundary, new Date(from), SHARED_CATCH_UP_ROWS, viewer) };
      });
      if (since < shared.from || shared.rows.length === SHARED_CATCH_UP_ROWS) return null;
      const reached = shared.rows.filter((row) => row.reachedAt.getTime() > since);
      return (await shownTo(viewer, reached, limit, readForViewer)).map(withoutMatchText);
    },
  };
}
