import { LIMITS } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import type { Models } from '../models';
import { authorizeComment } from '../policies/comment';
import { authorizeReport } from '../policies/report';
import type { Viewer } from '../policies/viewer';
import { lockCommentWithReport } from './commentLoader';
import { recountReports } from '../visibility';

export interface CommentReportOutcome {
  /** False when this member had already reported the comment: nothing changed. */
  recorded: boolean;
  /** True when this report was the one that hid the comment. */
  hidden: boolean;
}

/**
 * Records a member's report of someone else's comment, once per member (docs/decisions.md). When
 * LIMITS.commentReportsToHide different members have open reports on it, the comment is hidden until
 * an operator decides; the comment row is locked, so two last reports cannot both miss the threshold.
 */
export async function reportComment(
  deps: { models: Pick<Models, 'Comment' | 'CommentReport' | 'Report' | 'User'>; sequelize: Sequelize },
  { viewer, commentId, reason = null }: { viewer: NonNullable<Viewer>; commentId: number; reason?: string | null },
  { transaction }: { transaction: Transaction },
): Promise<CommentReportOutcome> {
  const { models } = deps;
  const { comment, commentSubject, report, reportSubject } = await lockCommentWithReport(models, commentId, transaction);
  authorizeReport(viewer, 'read', reportSubject);
  authorizeComment(viewer, 'report', commentSubject);

  const existing = await models.CommentReport.findOne({ where: { commentId, reporterId: viewer.id }, attributes: ['id'], transaction });
  if (existing) return { recorded: false, hidden: false };
  await models.CommentReport.create({ commentId, reporterId: viewer.id, reason }, { transaction });
  if (comment.hiddenAt !== null) return { recorded: true, hidden: false };

  const openReports = await models.CommentReport.count({ where: { commentId, resolvedAt: { [Op.is]: null } }, transaction });
  if (openReports < LIMITS.commentReportsToHide) return { recorded: true, hidden: false };
  await comment.update({ hiddenAt: new Date() }, { transaction, silent: true });
  await recountReports(deps.sequelize, [report.id], { transaction });
  return { recorded: true, hidden: true };
}
