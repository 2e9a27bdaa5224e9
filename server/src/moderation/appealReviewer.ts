import { TEXTS } from '@hiraku/shared';
import { Op, type Transaction } from 'sequelize';
import { authorizationError, conflict } from '../errors';
import type { Models, ModerationCase } from '../models';
import { OPERATOR_ROLES } from '../policies/viewer';

/**
 * The appellant was told 「別の運営者が改めて確認します」, so an appeal is decided by another operator
 * than the one who decided the appealed case (403). A site with a single operator has nobody else: that
 * operator may decide it with a reason of their own (`selfReviewReason`), which the appeal's audit row
 * keeps; with another operator on the site the override is refused (409).
 * Answers the reason to record, or null when the reviewer is another operator.
 */
export async function checkAppealReviewer(
  models: Pick<Models, 'User'>,
  { actorId, appealed, selfReviewReason }: { actorId: number; appealed: ModerationCase | null; selfReviewReason: string | null },
  { transaction }: { transaction: Transaction },
): Promise<string | null> {
  if (!appealed || appealed.decidedBy !== actorId) return null;
  if (!selfReviewReason) throw authorizationError(TEXTS.moderation.rules.appealSameOperator);
  const others = await models.User.count({ where: { role: { [Op.in]: [...OPERATOR_ROLES] }, id: { [Op.ne]: actorId } }, transaction });
  if (others > 0) throw conflict(TEXTS.moderation.rules.selfReviewNotAlone);
  return selfReviewReason;
}
