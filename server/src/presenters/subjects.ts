import type { Comment, Report } from '../models';
import type { CommentSubject } from '../policies/comment';
import type { ReportSubject } from '../policies/report';

/** The policy's view of a loaded report; the author must be included to know whether they are suspended. */
export function reportSubject(report: Report): ReportSubject {
  if (!report.author) throw new Error(`report ${report.id} was loaded without its author`);
  return { authorId: report.authorId, isDraft: report.isDraft, hiddenAt: report.hiddenAt, authorSuspended: report.author.suspendedAt !== null };
}

export function commentSubject(comment: Comment): CommentSubject {
  if (!comment.author) throw new Error(`comment ${comment.id} was loaded without its author`);
  return { authorId: comment.authorId, hiddenAt: comment.hiddenAt, authorSuspended: comment.author.suspendedAt !== null };
}
