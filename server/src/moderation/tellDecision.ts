import { isAdverse, type CaseDecision } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { appealOutcomeMail, decisionMail } from '../mail/templates';
import type { Models, ModerationCase } from '../models';
import { enqueueMail } from '../commands/mailOutbox';
import { notify } from '../notifications';

export interface DecisionToTell {
  /** The decided case (for an appeal, the appeal case). */
  decided: ModerationCase;
  decision: CaseDecision;
  reason: string;
  /** A report's title or a member's username, to name the content in the notice. */
  targetTitle: string | null;
  /** For an appeal: the case appealed (the author's decision page is that case's). */
  appealed?: ModerationCase;
}

/**
 * Tells a decision, in the decision's transaction, so the notices go out exactly when it commits:
 * - the author of hidden, removed or warned content (or the suspended member): what, the category, the
 *   operator's reason and the link to the decision page where they may appeal;
 * - on an appeal, the appellant: upheld or overturned;
 * - the members who flagged: "対応しました" or "問題なしと判断しました" (nothing more), by notification
 *   only, which the daily digest mails.
 * Mail through the mail outbox, and beside each mail the in-app notification (issue 20, notify()), which
 * leads to the same decision page.
 */
export async function tellDecision(
  deps: { models: Pick<Models, 'User' | 'Flag' | 'MailOutboxEntry' | 'NotificationOutboxEntry'>; publicUrl: string },
  { decided, decision, reason, targetTitle, appealed }: DecisionToTell,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const { models, publicUrl } = deps;
  const emailOf = async (userId: number | null) =>
    userId === null ? null : ((await models.User.findByPk(userId, { attributes: ['email'], transaction }))?.email ?? null);

  if (appealed) {
    const to = await emailOf(decided.authorId);
    const appealedAction = appealed.decision;
    if (to && appealedAction && isAdverse(appealedAction)) {
      const link = `${publicUrl}/decisions/${appealed.id}`;
      await enqueueMail(models, 'decision', appealOutcomeMail({ to, overturned: decision === 'overturn', appealedAction, reason, link, publicUrl }), { transaction });
    }
    if (decided.authorId !== null) {
      await notify(models, { kind: 'appeal', userId: decided.authorId, outcome: decision, target: appealed.targetType, caseId: appealed.id }, { transaction });
    }
    return;
  }

  if (isAdverse(decision)) {
    const to = await emailOf(decided.authorId);
    if (to) {
      const link = `${publicUrl}/decisions/${decided.id}`;
      const mail = decisionMail({ to, targetType: decided.targetType, targetTitle, category: decided.category, action: decision, reason, link, publicUrl });
      await enqueueMail(models, 'decision', mail, { transaction });
    }
    if (decided.authorId !== null) {
      await notify(models, { kind: 'decision', userId: decided.authorId, action: decision, target: decided.targetType, caseId: decided.id }, { transaction });
    }
  }

  // The flaggers are told in the app and, as 設定 says, by the daily digest mail (notifications/digest.ts),
  // which joins the outcomes of a day: never one mail per case.
  const flags = await models.Flag.findAll({ where: { caseId: decided.id }, attributes: ['flaggerId'], transaction });
  const acted = decision !== 'dismiss' && decision !== 'harmless';
  if (flags.length > 0) {
    await notify(models, { kind: 'flagOutcome', userIds: flags.map((flag) => flag.flaggerId), outcome: acted ? 'acted' : 'dismiss', target: decided.targetType }, { transaction });
  }
}
