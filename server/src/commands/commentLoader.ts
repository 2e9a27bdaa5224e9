import { TEXTS } from '@hiraku/shared';
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
  // Inside the transaction: a read on another pool connection while this one is held let a burst of
  // comment writes take every connection and wait for a second one for ever. Write transactions are
  // READ COMMITTED (db/transaction.ts), so this first read fixes no snapshot and the reads below, made
  // under the report lock, see every write committed before it. A comment never moves to another report.
  const located = await models.Comment.findByPk(commentId, { attributes: ['id', 'reportId'], transaction });
  if (!located) throw notFound(TEXTS.comment.notFound);
  const locked = await lockReport(models, located.reportId, transaction);
  const comment = await models.Comment.findByPk(commentId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!locked || !comment) throw notFound(TEXTS.comment.notFound);
  comment.author = (await models.User.findByPk(comment.authorId, { attributes: ['id', 'suspendedAt'], transaction })) ?? undefined;
  if (!comment.author) throw notFound(TEXTS.comment.notFound);
  return { comment, commentSubject: commentFacts(comment), report: locked.report, reportSubject: locked.subject };
}
