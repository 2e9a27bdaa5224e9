import type { SortOption } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { loadCardPage, loadListedCards, viewerListCondition, type CardKeyset, type ListViewer, type ReportCard } from './reportCards';
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
  // A first page comes from the shared first pages when they can fill it for this viewer (feedPageCache.ts).
  const shared = !cursor && viewer && deps.feedCache ? await deps.feedCache.firstPage(sort, limit + 1, viewer) : null;
  const rows = shared ?? (await loadCardPage(deps.sequelize, sort, cursor ? keysetOf(cursor) : null, limit + 1, viewer));
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
 * sent again; an id leaves that list once it no longer qualifies.
 */
async function likedAcrossCursor(
  deps: { sequelize: Sequelize },
  cursor: FeedCursor,
  page: ReportCard[],
  viewer: ListViewer | null,
): Promise<{ reports: ReportCard[]; caught: number[] }> {
  const shown = viewerListCondition(deps.sequelize, viewer, 'r');
  // Above the boundary at (key, id) means like_count > key, or = key with a larger id: a report with a
  // larger id crossed it on reaching `key` likes, one with a smaller id on reaching key + 1 (and so did
  // the boundary's own report, which comes again when it was liked past itself, as it always did).
  const rows = await deps.sequelize.query<{ id: number | string }>(
    `SELECT r.id AS id
       FROM report_like_levels x
       JOIN reports r ON r.id = x.report_id
      WHERE x.level IN (:key, :keyAbove) AND x.reached_at > :since
        AND ((x.level = :key AND x.report_id > :id) OR (x.level = :keyAbove AND x.report_id <= :id))
        AND ${listedReportSql('r')} ${shown.sql}
        AND (r.like_count > :key OR (r.like_count = :key AND r.id > :id))
      ORDER BY r.like_count DESC, r.id DESC
      LIMIT :cap`,
    {
      replacements: {
        ...shown.replacements,
        since: sqlDateTime(deps.sequelize, new Date(cursor.at ?? 0)),
        key: cursor.key,
        keyAbove: cursor.key + 1,
        id: cursor.id,
        cap: CATCH_UP_MAX + CAUGHT_MAX,
      },
      type: QueryTypes.SELECT,
    },
  );
  const alreadySent = new Set([...(cursor.caught ?? []), ...page.map((report) => report.id)]);
  const qualifying = rows.map((row) => Number(row.id));
  const fresh = qualifying.filter((id) => !alreadySent.has(id)).slice(0, CATCH_UP_MAX);
  const caught = qualifying.filter((id) => fresh.includes(id) || (cursor.caught ?? []).includes(id)).slice(0, CAUGHT_MAX);
  if (fresh.length === 0) return { reports: [], caught };
  // `fresh` keeps the catch-up query's order (like_count DESC, id DESC).
  return { reports: await loadListedCards(deps.sequelize, fresh, viewer), caught };
}
