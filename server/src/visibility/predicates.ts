import { isOperator, type Viewer } from '../policies/viewer';
import type { CommentFacts, ReportFacts } from './facts';

/**
 * Listed: published, not hidden by an operator, author not suspended. What everyone may see, and the
 * value of the denormalised `reports.listed` column.
 */
export const isReportListed = (report: Omit<ReportFacts, 'authorId'>): boolean => !report.isDraft && report.hiddenAt === null && !report.authorSuspended;

/**
 * docs/decisions.md: a draft is its author's alone (operators included out); hidden content, and the content
 * of a suspended member, stays visible to its author and operators only.
 */
export function canSeeReport(viewer: Viewer, report: ReportFacts): boolean {
  if (viewer !== null && viewer.id === report.authorId) return true;
  return !report.isDraft && (isReportListed(report) || isOperator(viewer));
}

/** Shown to every member: not hidden (by reports or an operator), not deleted, author not suspended. */
export const isCommentShown = (comment: CommentFacts): boolean =>
  comment.hiddenAt === null && comment.deletedAt === null && !comment.authorSuspended;

/** A hidden comment or a suspended member's stays visible to its author and operators; a deleted one to nobody. */
export function canSeeComment(viewer: Viewer, comment: CommentFacts): boolean {
  if (comment.deletedAt !== null) return false;
  return isCommentShown(comment) || (viewer !== null && viewer.id === comment.authorId) || isOperator(viewer);
}
