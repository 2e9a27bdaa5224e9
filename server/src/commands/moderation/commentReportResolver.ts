import { TEXTS, type CommentResolutionAction } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { notFound } from '../../errors';
import type { Comment, Models } from '../../models';
import type { Viewer } from '../../policies/viewer';
import { resolveCase } from './caseResolver';

export interface CommentResolutionOutcome {
  /** False when no report on the comment was open: nothing changed, no audit row. */
  changed: boolean;
  comment: Comment;
}

/**
 * POST /api/moderation/comment-reports/{commentId}/resolve, kept since cases replaced comment reports
 * (issue 18): the comment's open case decided with `dismiss`, `delete` or `suspend` (resolveCase: the
 * same effects, audit rows and notices as the case queue's). No open case: nothing changes, unless the
 * comment was never flagged at all (404).
 */
export async function resolveCommentReports(
  deps: { models: Models; sequelize: Sequelize; publicUrl?: string },
  {
    actor,
    commentId,
    action,
    reason,
    now = new Date(),
  }: { actor: NonNullable<Viewer>; commentId: number; action: CommentResolutionAction; reason: string; now?: Date },
  { transaction }: { transaction: Transaction },
): Promise<CommentResolutionOutcome> {
  const { models } = deps;
  const comment = await models.Comment.findByPk(commentId, { transaction });
  if (!comment) throw notFound(TEXTS.comment.notFound);
  const open = await models.ModerationCase.findOne({ where: { type: 'comment', targetId: commentId, status: 'open' }, attributes: ['id'], transaction });
  if (!open) {
    if ((await models.ModerationCase.count({ where: { type: 'comment', targetId: commentId }, transaction })) === 0) throw notFound(TEXTS.moderation.commentNotReported);
    return { changed: false, comment };
  }
  const { changed } = await resolveCase({ ...deps, publicUrl: deps.publicUrl ?? '' }, { actor, caseId: open.id, action, reason, now }, { transaction });
  await comment.reload({ transaction });
  return { changed, comment };
}
