import { verificationMail } from '../mail/templates';
import type { User } from '../models';
import type { AppServices } from '../services';
import { consumeOneTimeToken, issueOneTimeToken } from './oneTimeTokens';
import { sendLater } from './sendLater';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'mailer' | 'env'>;

/** Issues a 24-hour link and mails it. */
export async function sendVerificationMail(deps: Deps, user: User): Promise<void> {
  const token = await issueOneTimeToken(deps.models, user.id, 'verify_email');
  const link = `${deps.env.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(verificationMail({ to: user.email, link, publicUrl: deps.env.publicUrl }));
}

/** Marks the address verified when the token is good; false for unknown, used or expired tokens. */
export async function verifyEmail(deps: Deps, token: string, now = new Date()): Promise<boolean> {
  return deps.sequelize.transaction(async (transaction) => {
    const userId = await consumeOneTimeToken(deps.models, token, 'verify_email', transaction, now);
    if (userId === null) return false;
    await deps.models.User.update({ emailVerifiedAt: now }, { where: { id: userId, emailVerifiedAt: null }, transaction });
    return true;
  });
}

/** Mails a fresh link to an unverified member; silently nothing for any other address. */
export async function resendVerificationMail(deps: Deps & Pick<AppServices, 'logger'>, email: string): Promise<void> {
  const user = await deps.models.User.findOne({ where: { email } });
  if (!user || user.emailVerifiedAt || user.suspendedAt) return;
  sendLater(deps, () => sendVerificationMail(deps, user));
}
