import { COMMUNITY_MESSAGES, MESSAGES, type CommentAbilities } from '@hiraku/shared';
import { AppError, authorizationError, notFound } from '../errors';
import { isOperator, type Viewer } from './viewer';

export interface CommentSubject {
  authorId: number;
  hiddenAt: Date | null;
  authorSuspended: boolean;
}

export type CommentAction = 'read' | 'delete' | 'report';

/**
 * A hidden comment (reported by enough members, or by an operator) and a suspended member's comment
 * stay visible to their author and operators only. Only the author deletes; anyone else may report.
 * Whether the viewer may see the report itself is checked first, by the report policy.
 */
export function commentAbilities(viewer: Viewer, comment: CommentSubject): CommentAbilities & { read: boolean } {
  const isAuthor = viewer !== null && viewer.id === comment.authorId;
  const visible = comment.hiddenAt === null && !comment.authorSuspended;
  return { read: visible || isAuthor || isOperator(viewer), delete: isAuthor, report: viewer !== null && !isAuthor };
}

/**
 * Reporting does not need the comment to be visible: a member who saw it a moment ago and reports it
 * after others got it hidden is told the report was received, which is true.
 */
export function authorizeComment(viewer: Viewer, action: CommentAction, comment: CommentSubject): void {
  const can = commentAbilities(viewer, comment);
  if (action === 'report') {
    if (can.report) return;
    if (viewer !== null) throw new AppError(400, 'validation_error', COMMUNITY_MESSAGES.comment.ownComment);
    throw notFound(COMMUNITY_MESSAGES.comment.notFound);
  }
  if (!can.read) throw notFound(COMMUNITY_MESSAGES.comment.notFound);
  if (can[action]) return;
  if (action === 'delete') throw authorizationError(MESSAGES.comment.notAuthor);
  throw notFound(COMMUNITY_MESSAGES.comment.notFound);
}
