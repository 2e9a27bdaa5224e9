import type { SignupInput } from '@hiraku/shared';
import { hashPassword } from '../auth/password';
import { AppError } from '../errors';
import { alreadyRegisteredMail } from '../mail/templates';
import type { AppServices } from '../services';
import { createAccount } from './accountCreator';
import { sendVerificationMail } from './emailVerification';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'mailer' | 'env'>;

/**
 * Registers a member and mails the verification link. Whether the address was already registered never
 * shows in the answer (each path hashes a password and sends one mail, so timing says nothing either):
 * - unverified: the password just typed replaces the earlier one (the person now signing up expects it
 *   to work) and a fresh link goes out;
 * - verified: the owner gets a note that someone tried, with the login and reset pages.
 */
export async function signUpMember(deps: Deps, input: SignupInput, now = new Date()): Promise<void> {
  const existing = await deps.models.User.findOne({ where: { email: input.email } });
  if (!existing) {
    try {
      const user = await createAccount(deps, { email: input.email, password: input.password }, { now });
      await sendVerificationMail(deps, user);
      return;
    } catch (error) {
      // Two sign-ups for one address at the same moment: the loser takes the "already registered" path.
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
    }
  }
  const user = existing ?? (await deps.models.User.findOne({ where: { email: input.email } }));
  if (!user) return;
  const passwordHash = await hashPassword(input.password);
  if (user.emailVerifiedAt) {
    await deps.mailer.send(alreadyRegisteredMail({ to: user.email, publicUrl: deps.env.publicUrl }));
    return;
  }
  await user.update({ passwordHash, adultAttestedAt: now });
  await sendVerificationMail(deps, user);
}
