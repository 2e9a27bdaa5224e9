import { hashPassword } from '../auth/password';
import { revokeAllSessions } from '../auth/sessions';
import { passwordResetMail } from '../mail/templates';
import type { AppServices } from '../services';
import { enqueueMail } from './mailOutbox';
import { consumeOneTimeToken, issueOneTimeToken } from './oneTimeTokens';
import { writeTransaction } from '../db/transaction';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'env'>;

/**
 * Queues a 1-hour reset link when the address belongs to a member who may log in, with its token in
 * one transaction. The mail worker sends it after the answer, so known and unknown addresses take
 * about the same time to answer, and a mail server that is down delays the mail instead of losing it.
 */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const user = await deps.models.User.findOne({ where: { email } });
  if (!user || user.suspendedAt) return;
  await writeTransaction(deps.sequelize, async (transaction) => {
    const token = await issueOneTimeToken(deps.models, user.id, 'reset_password', { transaction });
    const link = `${deps.env.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(deps.models, 'passwordReset', passwordResetMail({ to: user.email, link, publicUrl: deps.env.publicUrl }), { transaction });
  });
}

/**
 * Sets the new password when the token is good, and with it: lifts a lock-out (its counts are keyed on
 * the password hash, see auth/loginThrottle.ts, so a new password starts new ones), marks the address verified
 * (the member just read a mail sent to it) and ends every session, in case the old password leaked.
 * Returns false for an unknown, used or expired token.
 */
export async function resetPassword(deps: Deps, token: string, newPassword: string, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(newPassword);
  return writeTransaction(deps.sequelize, async (transaction) => {
    const userId = await consumeOneTimeToken(deps.models, token, 'reset_password', transaction, now);
    if (userId === null) return false;
    const user = await deps.models.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) return false;
    await user.update({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }, { transaction });
    await revokeAllSessions(deps.models, userId, now, transaction);
    return true;
  });
}
