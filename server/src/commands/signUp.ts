import type { SignupInput } from '@hiraku/shared';
import { hashPassword } from '../auth/password';
import { AppError } from '../errors';
import { alreadyRegisteredMail } from '../mail/templates';
import type { AppServices } from '../services';
import { createAccount } from './accountCreator';
import { assertEmailNotBlocked } from './emailBlock';
import { queueVerificationMail } from './emailVerification';
import { enqueueMail } from './mailOutbox';
import { writeTransaction } from '../db/transaction';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'env' | 'sessionKey'>;

/**
 * Registers a member and queues the verification mail in the same transaction (the mail worker sends
 * it, so a mail server that is down delays the mail but never fails the sign-up). Whether the address
 * was already registered never shows in the answer (each path hashes a password and queues one mail,
 * so timing says nothing either):
 * - unverified: the password just typed replaces the earlier one (the person now signing up expects it
 *   to work) and a fresh link goes out;
 * - verified: the owner gets a note that someone tried, with the login and reset pages.
 * An address of a member suspended for good is refused first (issue 38, commands/emailBlock.ts).
 */
export async function signUpMember(deps: Deps, input: SignupInput, now = new Date()): Promise<void> {
  await assertEmailNotBlocked(deps, input.email);
  const existing = await deps.models.User.findOne({ where: { email: input.email } });
  if (!existing) {
    try {
      await writeTransaction(deps.sequelize, async (transaction) => {
        const user = await createAccount(deps, { email: input.email, password: input.password }, { now, transaction });
        await queueVerificationMail(deps, user, transaction);
      });
      return;
    } catch (error) {
      // Two sign-ups for one address at the same moment: the loser takes the "already registered" path.
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
    }
  }
  const user = existing ?? (await deps.models.User.findOne({ where: { email: input.email } }));
  if (!user) return;
  const passwordHash = await hashPassword(input.password);
  await writeTransaction(deps.sequelize, async (transaction) => {
    if (user.emailVerifiedAt) {
      await enqueueMail(deps.models, 'alreadyRegistered', alreadyRegisteredMail({ to: user.email, publicUrl: deps.env.publicUrl }), { transaction });
      return;
    }
    await user.update({ passwordHash, adultAttestedAt: now }, { transaction });
    await queueVerificationMail(deps, user, transaction);
  });
}
