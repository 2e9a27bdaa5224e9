import type { Sequelize, Transaction } from 'sequelize';
import type { Models } from '../models';
import { authorizeComment } from '../policies/comment';
import { authorizeReport } from '../policies/report';
import type { Viewer } from '../policies/viewer';
import { lockCommentWithReport } from './commentLoader';
import { recountReports } from '../visibility';

/** The author deletes their own comment (its reports go with it); the report's comment count follows. */
export async function deleteComment(
  deps: { models: Pick<Models, 'Comment' | 'Report' | 'User'>; sequelize: Sequelize },
  { viewer, commentId }: { viewer: NonNullable<Viewer>; commentId: number },
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const { comment, commentSubject, report, reportSubject } = await lockCommentWithReport(deps.models, commentId, transaction);
  authorizeReport(viewer, 'read', reportSubject);
  authorizeComment(viewer, 'delete', commentSubject);
  await deps.models.Comment.destroy({ where: { id: comment.id }, transaction });
  await recountReports(deps.sequelize, [report.id], { transaction });
}
