import type { SortOption } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { cardOrderSql, LIKED_ACROSS_BOUNDARY_SQL, loadCardPage, loadListedCards, viewerListCondition, type CardKeyset, type ListViewer, type ReportCard } from './reportCards';
import type { FeedPageCache } from './feedPageCache';
import { CAUGHT_MAX, decodeFeedCursor, encodeFeedCursor, type FeedCursor } from './reportFeedCursor';
import { sqlDateTime } from '../db/connection';
import { listedReportSql } from '../visibility';

/**
 * How far before a page's read its cursor's `at` is set: covers a like whose row was stamped before that
 * read but committed after it, and clocks of several servers that disagree by a few seconds.
 */
export const CATCH_UP_MARGIN_MS = 10_000;
/** The most reports one page adds by catch-up. */
export const CATCH_UP_MAX = 50;

export interface ReportFeedPage {
  reports: ReportCard[];
  nextKey: string | null;
  hasMore: boolean;
}

function keysetOf(cursor: FeedCursor): CardKeyset {
  return { key: cursor.sort === 'like' ? cursor.key : new Date(cursor.key), id: cursor.id };
}

function cursorAfter(card: ReportCard, sort: SortOption, readAt: number, caught: number[]): FeedCursor {
  if (sort === 'like') return { sort, key: card.likeCount, id: card.id, at: readAt - CATCH_UP_MARGIN_MS, caught };
  return { sort, key: card.createdAt.getTime(), id: card.id };
}

/**
 * One page of listed reports, keyset-paged (never OFFSET): each page costs the same however deep, and a
 * report published while a member scrolls neither shifts nor repeats what follows.
 *
 * sort=new/old order by (created_at, id), which never changes, so pages are exact: no skip, no repeat;
 * a report created during the scroll appears at the end with `old` and on the next reload with `new`.
 *
 * sort=like orders by (like_count, id), which changes while the member scrolls. A report that is
 * unliked across the page boundary comes again later (a repeat: the client merges by id). A report
 * liked across it would be skipped: it sat below the boundary when the previous page was read and is
 * above it now. The cursor's `at` lets the next page catch those up: any report above the boundary now
 * that reached the boundary's like count by a like made after `at` is added to the page. A like adds
 * exactly one to its report's count, so a report that rose from below the boundary to above it passed
 * through that one level (the boundary's count, or one more for a report with a smaller id than the
 * boundary's, which ties sort below it), and each like notes the level it made (report_like_levels,
 * migration 0020). Every skipped report is caught, at the price of an occasional repeat (a report that
 * was above, fell and rose again); the catch-up reads the few reports that reached that level since
 * `at`, not every like made since, so it costs the same however many likes the site gets meanwhile.
 * Catch-up reports come after the page's own, out of order, and the cursor remembers them so they are
 * not sent twice; true snapshot semantics would need state kept on the server for every scroll.
 */
export async function loadReportFeed(
  deps: { sequelize: Sequelize; feedCache?: FeedPageCache },
  { sort, lastKey, limit, viewer = null }: { sort: SortOption; lastKey?: string; limit: number; viewer?: ListViewer | null },
): Promise<ReportFeedPage> {
  const cursor = lastKey === undefined ? null : decodeFeedCursor(lastKey, sort);
  const readAt = Date.now();
  const after = cursor ? keysetOf(cursor) : null;
  // A page comes from the shared pages when they can fill it for this viewer (feedPageCache.ts).
  const shared = viewer && deps.feedCache ? await deps.feedCache.page(sort, after, limit + 1, viewer) : null;
  const rows = shared ?? (await loadCardPage(deps.sequelize, sort, after, limit + 1, viewer));
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const catchUp = cursor?.sort === 'like' && cursor.at !== undefined ? await likedAcrossCursor(deps, cursor, page, viewer) : { reports: [], caught: [] };
  return {
    reports: [...page, ...catchUp.reports],
    nextKey: hasMore && last ? encodeFeedCursor(cursorAfter(last, sort, readAt, catchUp.caught)) : null,
    hasMore,
  };
}

/**
 * The catch-up reports for the page after `cursor`. Likes within the margin keep qualifying a report
 * on every page for a few seconds, so the ids already sent travel in the cursor (`caught`) and are not
 * sent again; an id leaves that list once it no longer qualifies. The qualifying reports come from the
 * shared catch-up when it can tell (feedPageCache.ts), else from a statement of the cursor's own.
 */
async function likedAcrossCursor(
  deps: { sequelize: Sequelize; feedCache?: FeedPageCache },
  cursor: FeedCursor,
  page: ReportCard[],
  viewer: ListViewer | null,
): Promise<{ reports: ReportCard[]; caught: number[] }> {
  const cap = CATCH_UP_MAX + CAUGHT_MAX;
  const since = cursor.at ?? 0;
  const shared = viewer && deps.feedCache ? await deps.feedCache.likedAcross(cursor, since, cap, viewer) : null;
  const qualifying = shared ? shared.map((report) => report.id) : await likedAcrossIds(deps.sequelize, cursor, since, cap, viewer);
  const alreadySent = new Set([...(cursor.caught ?? []), ...page.map((report) => report.id)]);
  const fresh = qualifying.filter((id) => !alreadySent.has(id)).slice(0, CATCH_UP_MAX);
  const caught = qualifying.filter((id) => fresh.includes(id) || (cursor.caught ?? []).includes(id)).slice(0, CAUGHT_MAX);
  if (fresh.length === 0) return { reports: [], caught };
  // `fresh` keeps the catch-up's order (like_count DESC, id DESC).
  if (shared) {
    const byId = new Map(shared.map((report) => [report.id, report]));
    return { reports: fresh.map((id) => byId.get(id)).filter((report): report is ReportCard => report !== undefined), caught };
  }
  return { reports: await loadListedCards(deps.sequelize, fresh, viewer), caught };
}

/** The ids of the listed reports `viewer` sees that rose above the cursor's boundary by a like made after `since`, in the list's order. */
async function likedAcrossIds(sequelize: Sequelize, cursor: FeedCursor, since: number, cap: number, viewer: ListViewer | null): Promise<number[]> {
  const shown = viewerListCondition(sequelize, viewer, 'r');
  // Above the boundary at (key, id) means like_count > key, or = key with a larger id: a report with a
  // larger id crossed it on reaching `key` likes, one with a smaller id on reaching key + 1 (and so did
  // the boundary's own report, which comes again when it was liked past itself, as it always did).
  const rows = await sequelize.query<{ id: number | string }>(
    `SELECT r.id AS id
       FROM report_like_levels x
       JOIN reports r ON r.id = x.report_id
      WHERE ${LIKED_ACROSS_BOUNDARY_SQL} AND ${listedReportSql('r')} ${shown.sql}
      ORDER BY ${cardOrderSql('like', 'r')}
      LIMIT :cap`,
    {
      replacements: { ...shown.replacements, since: sqlDateTime(sequelize, new Date(since)), key: cursor.key, keyAbove: cursor.key + 1, id: cursor.id, cap },
      type: QueryTypes.SELECT,
    },
  );
  return rows.map((row) => Number(row.id));
}
