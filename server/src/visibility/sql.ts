/**
 * The rules of predicates.ts as raw SQL fragments, for the hand-written queries (counters, the feed's
 * catch-up, the database search, popular keywords). Each takes the alias of the table it filters and
 * needs no join: the author's or member's state is read by a correlated subquery on users' primary key.
 * Portable between MariaDB/MySQL and SQLite.
 */

/** The member with id `idColumn` is not suspended (a null id, e.g. a deleted member's search, passes). */
export const activeMemberSql = (idColumn: string): string =>
  `NOT EXISTS (SELECT 1 FROM users vis_u WHERE vis_u.id = ${idColumn} AND vis_u.suspended_at IS NOT NULL)`;

/** Report alias `r` is listed: see LISTED_REPORT. */
export const listedReportSql = (r: string): string =>
  `(${r}.listed = 1 AND ${r}.is_draft = 0 AND ${r}.hidden_at IS NULL AND ${activeMemberSql(`${r}.author_id`)})`;

/** The value `reports.listed` must hold for alias `r` (see isReportListed), computed from its flags. */
export const listedValueSql = (r: string): string =>
  `CASE WHEN ${r}.is_draft = 0 AND ${r}.hidden_at IS NULL AND ${activeMemberSql(`${r}.author_id`)} THEN 1 ELSE 0 END`;

/** Comment alias `c` is shown to every member and counted: see isCommentShown. */
export const shownCommentSql = (c: string): string =>
  `(${c}.hidden_at IS NULL AND ${c}.deleted_at IS NULL AND ${activeMemberSql(`${c}.author_id`)})`;

/** Like alias `l` counts: its member is not suspended. */
export const countedLikeSql = (l: string): string => activeMemberSql(`${l}.user_id`);
