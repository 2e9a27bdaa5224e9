import type { Transaction } from 'sequelize';
import { verificationMail } from '../mail/templates';
import type { User } from '../models';
import type { AppServices } from '../services';
import { enqueueMail } from './mailOutbox';
import { consumeOneTimeToken, issueOneTimeToken } from './oneTimeTokens';
import { writeTransaction } from '../db/transaction';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'env'>;

/** Issues a 24-hour link and queues its mail, both in `transaction`. */
export async function queueVerificationMail(deps: Deps, user: User, transaction: Transaction): Promise<void> {
  const token = await issueOneTimeToken(deps.models, user.id, 'verify_email', { transaction });
  const link = `${deps.env.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(deps.models, 'verification', verificationMail({ to: user.email, link, publicUrl: deps.env.publicUrl }), { transaction });
}

/** Marks the address verified when the token is good; false for unknown, used or expired tokens. */
export async function verifyEmail(deps: Deps, token: string, now = new Date()): Promise<boolean> {
  return writeTransaction(deps.sequelize, async (transaction) => {
    const userId = await consumeOneTimeToken(deps.models, token, 'verify_email', transaction, now);
    if (userId === null) return false;
    await deps.models.User.update({ emailVerifiedAt: now }, { where: { id: userId, emailVerifiedAt: null }, transaction });
    return true;
  });
}

/** Queues a fresh link for an unverified member; silently nothing for any other address. */
export async function resendVerificationMail(deps: Deps, email: string): Promise<void> {
  const user = await deps.models.User.findOne({ where: { email } });
  if (!user || user.emailVerifiedAt || user.suspendedAt) return;
  await writeTransaction(deps.sequelize, (transaction) => queueVerificationMail(deps, user, transaction));
}
