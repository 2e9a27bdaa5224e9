import { isOperator, type Viewer } from '../policies/viewer';
import type { CommentFacts, ReportFacts } from './facts';

/** Published, not hidden by an operator, author not suspended: open to its audience. */
export const isReportPublished = (report: Pick<ReportFacts, 'isDraft' | 'hiddenAt' | 'authorSuspended'>): boolean =>
  !report.isDraft && report.hiddenAt === null && !report.authorSuspended;

/**
 * Listed: published and written for 全会員 (issue 36: a フォロワーのみ report never is). What everyone may
 * see, and the value of the denormalised `reports.listed` column: every shared page, search document and
 * public count reads listed reports only, so a followers-only report stays out of all of them.
 */
export const isReportListed = (report: Pick<ReportFacts, 'isDraft' | 'hiddenAt' | 'authorSuspended' | 'audience'>): boolean =>
  isReportPublished(report) && report.audience === 'members';

/**
 * docs/decisions.md: a draft is its author's alone (operators included out); hidden content, and the content
 * of a suspended member, stays visible to its author and operators only. A published フォロワーのみ report
 * is seen by its author, operators and the author's approved followers.
 */
export function canSeeReport(viewer: Viewer, report: ReportFacts): boolean {
  if (viewer !== null && viewer.id === report.authorId) return true;
  if (report.isDraft) return false;
  if (isReportListed(report) || isOperator(viewer)) return true;
  return viewer !== null && report.audience === 'followers' && isReportPublished(report) && report.viewerFollowsAuthor;
}

/** Shown to every member: not hidden (by reports or an operator), not deleted, author not suspended. */
export const isCommentShown = (comment: CommentFacts): boolean =>
  comment.hiddenAt === null && comment.deletedAt === null && !comment.authorSuspended;

/** A hidden comment or a suspended member's stays visible to its author and operators; a deleted one to nobody. */
export function canSeeComment(viewer: Viewer, comment: CommentFacts): boolean {
  if (comment.deletedAt !== null) return false;
  return isCommentShown(comment) || (viewer !== null && viewer.id === comment.authorId) || isOperator(viewer);
}
