import { literal, Op, type IncludeOptions, type WhereOptions } from 'sequelize';
import type { Comment, Models, Report, User } from '../models';
import { isOperator, type Viewer } from '../policies/viewer';
import { followersReportSeenSql, viewerIdSql } from './sql';

/**
 * The same rules as predicates.ts, as Sequelize conditions for lists and counts. Every list of other
 * members' reports, comments or profiles takes its condition from here, so hiding, suspending or
 * deleting cannot leave something visible on one read path while another hides it.
 */

/** A member who is not suspended (suspendedAt is the stored state: see facts.ts). */
export const ACTIVE_MEMBER = { suspendedAt: null } as const satisfies WhereOptions<User>;

/**
 * Listed reports. `listed` is what the (listed, key, id) indexes serve; the flags it stands for are
 * repeated so a row whose column was not recomputed still never shows. The author condition lives on
 * the author include: use `listedAuthorInclude`, which every caller needs anyway.
 */
export const LISTED_REPORT = { listed: true, isDraft: false, hiddenAt: null, audience: 'members' } as const satisfies WhereOptions<Report>;

/**
 * `include` (the report's `author` association, plus whatever it loads) restricted to active members and
 * made required: a listed report's author is never suspended.
 */
export function listedAuthorInclude(include: IncludeOptions): IncludeOptions {
  return { ...include, where: { ...(include.where as object | undefined), ...ACTIVE_MEMBER }, required: true };
}

/** The bare author condition, for queries that load no author columns. */
export function listedAuthorOnly(models: Pick<Models, 'User'>): IncludeOptions {
  return listedAuthorInclude({ model: models.User, as: 'author', attributes: [] });
}

/**
 * Reports `viewer` may see (canSeeReport), for a query that includes the report's `author` (the
 * condition reads the author's state through it): listed ones, their own, the フォロワーのみ ones of
 * authors they are an approved follower of (issue 36; `reportAlias` is the query's alias of the report
 * table, `Report` for models.Report), and for operators every published one. Anonymous viewers get
 * exactly the listed reports.
 */
export function visibleReportsWhere(viewer: Viewer, reportAlias = '`Report`'): WhereOptions<Report> {
  const listed = { ...LISTED_REPORT, '$author.suspended_at$': null };
  if (viewer === null) return listed;
  if (isOperator(viewer)) return { [Op.or]: [{ authorId: viewer.id }, { isDraft: false }] };
  return { [Op.or]: [{ authorId: viewer.id }, listed, literal(followersReportSeenSql(reportAlias, viewerIdSql(viewer)))] };
}

/**
 * A viewer's lists of other members' reports (a profile's list): listed reports, and for a member the
 * フォロワーのみ ones of authors they are an approved follower of. With listedAuthorInclude.
 */
export function listedOrFollowedWhere(viewer: Viewer, reportAlias = '`Report`'): WhereOptions<Report> {
  if (viewer === null) return LISTED_REPORT;
  return { [Op.or]: [LISTED_REPORT, literal(followersReportSeenSql(reportAlias, viewerIdSql(viewer)))] };
}

/**
 * Comments of one report as `viewer` may list them; the query must include the comment's `author`.
 * Operators see hidden ones and those of suspended members; deleted ones nobody lists.
 */
export function visibleCommentsWhere(viewer: Viewer): WhereOptions<Comment> {
  const notDeleted = { deletedAt: null };
  if (isOperator(viewer)) return notDeleted;
  const shown = { hiddenAt: null, '$author.suspended_at$': null };
  if (viewer === null) return { ...notDeleted, ...shown };
  return { ...notDeleted, [Op.or]: [shown, { authorId: viewer.id }] };
}

/** Likes that count (on counters and dashboards): the liker is not suspended. Include as the like's `user`. */
export function countedLikerInclude(models: Pick<Models, 'User'>): IncludeOptions {
  return { model: models.User, as: 'user', attributes: [], where: ACTIVE_MEMBER, required: true };
}
