import { COMMUNITY_MESSAGES } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Comment, Models, Report } from '../models';
import { commentFacts, type CommentFacts, type ReportFacts } from '../visibility';
import { lockReport } from './reportLoader';

/**
 * A comment and its report, both locked for the rest of `transaction`, report first: the order every
 * comment write uses, so two writers never wait on each other in opposite orders.
 */
export async function lockCommentWithReport(
  models: Pick<Models, 'Comment' | 'Report' | 'User'>,
  commentId: number,
  transaction: Transaction,
): Promise<{ comment: Comment; commentSubject: CommentFacts; report: Report; reportSubject: ReportFacts }> {
  // Outside the transaction on purpose: under REPEATABLE READ its first plain read fixes the snapshot, which
  // must come after the report lock so that the reads below see every write made under that lock.
  // A comment never moves to another report, so this read cannot go stale.
  const located = await models.Comment.findByPk(commentId, { attributes: ['id', 'reportId'] });
  if (!located) throw notFound(COMMUNITY_MESSAGES.comment.notFound);
  const locked = await lockReport(models, located.reportId, transaction);
  const comment = await models.Comment.findByPk(commentId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!locked || !comment) throw notFound(COMMUNITY_MESSAGES.comment.notFound);
  comment.author = (await models.User.findByPk(comment.authorId, { attributes: ['id', 'suspendedAt'], transaction })) ?? undefined;
  if (!comment.author) throw notFound(COMMUNITY_MESSAGES.comment.notFound);
  return { comment, commentSubject: commentFacts(comment), report: locked.report, reportSubject: locked.subject };
}
