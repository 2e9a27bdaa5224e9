import { TEXTS, type CommentAbilities } from '@hiraku/shared';
import { AppError, authorizationError, notFound } from '../errors';
import { canSeeComment, type CommentFacts } from '../visibility';
import type { Viewer } from './viewer';

export type CommentAction = 'read' | 'delete' | 'report';

/**
 * Who sees a comment is the visibility module's rule; only the author deletes, anyone else may report.
 * Whether the viewer may see the report itself is checked first, by the report policy.
 */
export function commentAbilities(viewer: Viewer, comment: CommentFacts): CommentAbilities & { read: boolean } {
  const isAuthor = viewer !== null && viewer.id === comment.authorId;
  const read = canSeeComment(viewer, comment);
  return { read, delete: isAuthor, report: viewer !== null && !isAuthor };
}

/**
 * Reporting does not need the comment to be visible: a member who saw it a moment ago and reports it
 * after others got it hidden is told the report was received, which is true.
 */
export function authorizeComment(viewer: Viewer, action: CommentAction, comment: CommentFacts): void {
  const can = commentAbilities(viewer, comment);
  if (action === 'report') {
    if (comment.deletedAt !== null) throw notFound(TEXTS.comment.notFound);
    if (can.report) return;
    if (viewer !== null) throw new AppError(400, 'validation_error', TEXTS.comment.ownComment);
    throw notFound(TEXTS.comment.notFound);
  }
  if (!can.read) throw notFound(TEXTS.comment.notFound);
  if (can[action]) return;
  if (action === 'delete') throw authorizationError(TEXTS.comment.notAuthor);
  throw notFound(TEXTS.comment.notFound);
}
