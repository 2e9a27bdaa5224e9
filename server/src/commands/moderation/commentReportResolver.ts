import { TEXTS, type CommentReportResolution, type CommentResolutionAction } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { notFound } from '../../errors';
import type { Comment, Models } from '../../models';
import type { Viewer } from '../../policies/viewer';
import { recountReports } from '../../visibility';
import { writeAuditLog } from '../auditLogWriter';
import { lockCommentWithReport } from '../commentLoader';
import { suspendMember } from './memberSuspender';

const RESOLUTION: Record<CommentResolutionAction, CommentReportResolution> = { dismiss: 'dismissed', delete: 'deleted', suspend: 'suspended' };

export interface CommentResolutionOutcome {
  /** False when no report on the comment was open: nothing changed, no audit row. */
  changed: boolean;
  comment: Comment;
}

/**
 * An operator decides on a reported comment, closing every open report on it:
 * - dismiss: the reports were wrong; the comment is shown again.
 * - delete: the comment is removed for everyone (the row stays, marked, for the moderation record).
 * - suspend: delete, and suspend its author (suspendMember, in the same transaction).
 * The comment counter, the audit row (and for suspend the search outbox rows) are written in the same
 * transaction. Deciding again when nothing is open changes nothing.
 */
export async function resolveCommentReports(
  deps: { models: Models; sequelize: Sequelize },
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
  const { comment, report } = await lockCommentWithReport(models, commentId, transaction);
  const reports = await models.CommentReport.findAll({ where: { commentId }, attributes: ['id', 'reporterId', 'resolvedAt'], transaction });
  if (reports.length === 0) throw notFound(TEXTS.moderation.commentNotReported);
  const open = reports.filter((entry) => entry.resolvedAt === null);
  if (open.length === 0) return { changed: false, comment };

  const resolution = RESOLUTION[action];
  await models.CommentReport.update(
    { resolvedAt: now, resolution, resolvedBy: actor.id },
    { where: { commentId, resolvedAt: { [Op.is]: null } }, transaction },
  );
  // silent: updated_at is the author's; an operator's decision is in the audit log.
  await comment.update(action === 'dismiss' ? { hiddenAt: null } : { deletedAt: now }, { transaction, silent: true });
  await recountReports(deps.sequelize, [report.id], { transaction });
  await writeAuditLog(
    models,
    {
      actorId: actor.id,
      action: action === 'dismiss' ? 'comment.dismiss_reports' : 'comment.delete',
      targetType: 'comment',
      targetId: comment.id,
      reason,
      details: { reportId: report.id, resolution, openReports: open.length, reporters: new Set(reports.map((entry) => entry.reporterId)).size },
    },
    { transaction },
  );
  if (action === 'suspend') {
    const author = await models.User.findByPk(comment.authorId, { attributes: ['publicId'], transaction });
    if (!author) throw notFound(TEXTS.profile.memberNotFound);
    await suspendMember(deps, { actor, publicId: author.publicId, reason, until: null, now }, { transaction });
  }
  return { changed: true, comment };
}
