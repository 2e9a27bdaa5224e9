import type { SortOption } from '@hiraku/shared';
import { Op, QueryTypes, type Order, type Sequelize, type WhereOptions } from 'sequelize';
import type { Models, Report } from '../models';
import { CAUGHT_MAX, decodeFeedCursor, encodeFeedCursor, type FeedCursor } from './reportFeedCursor';
import { authorInclude } from './reportLoader';
import { LISTED_REPORT, listedAuthorInclude, listedReportSql } from '../visibility';

type FeedModels = Pick<Models, 'Report' | 'User' | 'Profile'>;

/**
 * How far before a page's read its cursor's `at` is set: covers a like whose row was stamped before that
 * read but committed after it, and clocks of several servers that disagree by a few seconds.
 */
export const CATCH_UP_MARGIN_MS = 10_000;
/** The most reports one page adds by catch-up. */
export const CATCH_UP_MAX = 50;

export interface ReportFeedPage {
  reports: Report[];
  nextKey: string | null;
  hasMore: boolean;
}

const ORDER: Record<SortOption, Order> = {
  new: [['createdAt', 'DESC'], ['id', 'DESC']],
  old: [['createdAt', 'ASC'], ['id', 'ASC']],
  like: [['likeCount', 'DESC'], ['id', 'DESC']],
};

/** Strictly after the cursor in the sort's order: a keyset condition the (listed, key, id) indexes serve. */
function afterCursor(cursor: FeedCursor): WhereOptions<Report> {
  switch (cursor.sort) {
    case 'new': {
      const at = new Date(cursor.key);
      return { [Op.or]: [{ createdAt: { [Op.lt]: at } }, { createdAt: at, id: { [Op.lt]: cursor.id } }] };
    }
    case 'old': {
      const at = new Date(cursor.key);
      return { [Op.or]: [{ createdAt: { [Op.gt]: at } }, { createdAt: at, id: { [Op.gt]: cursor.id } }] };
    }
    case 'like':
      return { [Op.or]: [{ likeCount: { [Op.lt]: cursor.key } }, { likeCount: cursor.key, id: { [Op.lt]: cursor.id } }] };
  }
}

function cursorAfter(report: Report, sort: SortOption, readAt: number, caught: number[]): FeedCursor {
  if (sort === 'like') return { sort, key: report.likeCount, id: report.id, at: readAt - CATCH_UP_MARGIN_MS, caught };
  return { sort, key: report.createdAt.getTime(), id: report.id };
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
 * above it now. The cursor's `at` lets the next page catch those up: any report above the boundary
 * now, with likes stamped after `at`, whose like count without those likes would put it below the
 * boundary, is added to the page. Without the likes made since, its count can only be lower than it was
 * then (unlikes remove rows), so every skipped report is caught, at the price of an occasional repeat.
 * Catch-up reports come after the page's own, out of order, and the cursor remembers them so they are
 * not sent twice; true snapshot semantics would need state kept on the server for every scroll.
 */
export async function loadReportFeed(
  deps: { models: FeedModels; sequelize: Sequelize },
  { sort, lastKey, limit }: { sort: SortOption; lastKey?: string; limit: number },
): Promise<ReportFeedPage> {
  const cursor = lastKey === undefined ? null : decodeFeedCursor(lastKey, sort);
  const readAt = Date.now();
  const rows = await deps.models.Report.findAll({
    where: { ...LISTED_REPORT, ...(cursor ? afterCursor(cursor) : {}) },
    include: [listedAuthorInclude(authorInclude(deps.models))],
    order: ORDER[sort],
    limit: limit + 1,
  });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const catchUp = cursor?.sort === 'like' && cursor.at !== undefined ? await likedAcrossCursor(deps, cursor, page) : { reports: [], caught: [] };
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
  deps: { models: FeedModels; sequelize: Sequelize },
  cursor: FeedCursor,
  page: Report[],
): Promise<{ reports: Report[]; caught: number[] }> {
  const rows = await deps.sequelize.query<{ id: number | string }>(
    `SELECT r.id AS id
       FROM reports r
       JOIN likes l ON l.report_id = r.id
      WHERE l.created_at > :since
        AND ${listedReportSql('r')}
        AND (r.like_count > :key OR (r.like_count = :key AND r.id > :id))
      GROUP BY r.id, r.like_count
     HAVING r.like_count - COUNT(*) < :key OR (r.like_count - COUNT(*) = :key AND r.id < :id)
      ORDER BY r.like_count DESC, r.id DESC
      LIMIT :cap`,
    { replacements: { since: new Date(cursor.at ?? 0), key: cursor.key, id: cursor.id, cap: CATCH_UP_MAX + CAUGHT_MAX }, type: QueryTypes.SELECT },
  );
  const alreadySent = new Set([...(cursor.caught ?? []), ...page.map((report) => report.id)]);
  const qualifying = rows.map((row) => Number(row.id));
  const fresh = qualifying.filter((id) => !alreadySent.has(id)).slice(0, CATCH_UP_MAX);
  const caught = qualifying.filter((id) => fresh.includes(id) || (cursor.caught ?? []).includes(id)).slice(0, CAUGHT_MAX);
  if (fresh.length === 0) return { reports: [], caught };
  const reports = await deps.models.Report.findAll({
    where: { id: { [Op.in]: fresh }, ...LISTED_REPORT },
    include: [listedAuthorInclude(authorInclude(deps.models))],
    order: ORDER.like,
  });
  return { reports, caught };
}
