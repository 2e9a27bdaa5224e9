import { isOperator, type Viewer } from '../policies/viewer';

/**
 * The rules of predicates.ts as raw SQL fragments, for the hand-written queries (counters, the feed's
 * catch-up, the database search, popular keywords). Each takes the alias of the table it filters and
 * needs no join: the author's or member's state is read by a correlated subquery on users' primary key.
 * Portable between MariaDB/MySQL and SQLite.
 */

/** The member with id `idColumn` is not suspended (a null id, e.g. a deleted member's search, passes). */
export const activeMemberSql = (idColumn: string): string =>
  `NOT EXISTS (SELECT 1 FROM users vis_u WHERE vis_u.id = ${idColumn} AND vis_u.suspended_at IS NOT NULL)`;

/**
 * Report alias `r` has a listed report's own flags (the leading columns of the feed index), its author's
 * state unread: for bounds over the index, such as how far the database search looks back.
 */
export const listedFlagsSql = (r: string): string => `(${r}.listed = 1 AND ${r}.is_draft = 0 AND ${r}.hidden_at IS NULL)`;

/**
 * Report alias `r` is listed: see LISTED_REPORT. The audience is repeated like the flags, so a
 * フォロワーのみ report whose `listed` was not recomputed still never shows.
 */
export const listedReportSql = (r: string): string => `(${listedFlagsSql(r)} AND ${r}.audience = 'members' AND ${activeMemberSql(`${r}.author_id`)})`;

/** A viewer's id as an SQL literal: an integer by construction, so it cannot carry anything else. */
export const viewerIdSql = (viewer: NonNullable<Viewer>): string => String(Math.trunc(Number(viewer.id)));

/**
 * The member whose id is the SQL expression `followerSql` is an approved follower of the member in
 * `memberColumn`: one lookup on member_follows' primary key.
 */
export const approvedFollowerSql = (followerSql: string, memberColumn: string): string =>
  `EXISTS (SELECT 1 FROM member_follows vis_f WHERE vis_f.follower_id = ${followerSql} AND vis_f.followee_id = ${memberColumn} AND vis_f.state = 'approved')`;

/** Report alias `r` is a published フォロワーのみ report and `followerSql` an approved follower of its author (canSeeReport). */
export const followersReportSeenSql = (r: string, followerSql: string): string =>
  `(${r}.audience = 'followers' AND ${r}.is_draft = 0 AND ${r}.hidden_at IS NULL AND ${activeMemberSql(`${r}.author_id`)} AND ${approvedFollowerSql(followerSql, `${r}.author_id`)})`;

/** Reports (alias `r`) that `viewer` may see: see canSeeReport and visibleReportsWhere. */
export function visibleReportSql(viewer: Viewer, r: string): string {
  if (viewer === null) return listedReportSql(r);
  const own = `${r}.author_id = ${viewerIdSql(viewer)}`;
  return isOperator(viewer) ? `(${own} OR ${r}.is_draft = 0)` : `(${own} OR ${listedReportSql(r)} OR ${followersReportSeenSql(r, viewerIdSql(viewer))})`;
}

/** The value `reports.listed` must hold for alias `r` (see isReportListed), computed from its flags and audience. */
export const listedValueSql = (r: string): string =>
  `CASE WHEN ${r}.is_draft = 0 AND ${r}.hidden_at IS NULL AND ${r}.audience = 'members' AND ${activeMemberSql(`${r}.author_id`)} THEN 1 ELSE 0 END`;

/** Comment alias `c` is shown to every member and counted: see isCommentShown. */
export const shownCommentSql = (c: string): string =>
  `(${c}.hidden_at IS NULL AND ${c}.deleted_at IS NULL AND ${activeMemberSql(`${c}.author_id`)})`;

/** Comments (alias `c`) that `viewer` may see: see canSeeComment and visibleCommentsWhere. */
export function visibleCommentSql(viewer: Viewer, c: string): string {
  if (viewer === null) return shownCommentSql(c);
  if (isOperator(viewer)) return `${c}.deleted_at IS NULL`;
  return `(${c}.deleted_at IS NULL AND (${c}.author_id = ${viewerIdSql(viewer)} OR ${shownCommentSql(c)}))`;
}

/** Like alias `l` counts: its member is not suspended. */
export const countedLikeSql = (l: string): string => activeMemberSql(`${l}.user_id`);
