import type { Sequelize } from 'sequelize';
import type { Models, User } from '../models';
import { hashPassword, verifyPassword } from './password';
import { generateSecretToken } from './secretTokens';
import { endSuspensionIfDue } from '../moderation';
import { suspensionHasEnded } from '../visibility';
import { loginThrottleKey, type LoginThrottle } from './loginThrottle';

export type LoginRefusal = 'invalid' | 'locked' | 'suspended' | 'unverified';
export type LoginOutcome = { ok: true; user: User } | { ok: false; reason: LoginRefusal };

let dummyHash: Promise<string> | undefined;
/** A hash nobody knows the password of: unknown addresses cost the same argon2 work as known ones. */
const dummyPasswordHash = () => (dummyHash ??= hashPassword(generateSecretToken()));

/**
 * Decides a login attempt. Suspension and verification are told only to someone who knows the password.
 * Wrong passwords count per account and client address (loginThrottle.ts explains why); every attempt
 * verifies a password hash, a dummy one for an unknown address, so the answer and its timing are the
 * same whether or not the address is registered.
 */
export async function checkCredentials(
  deps: { models: Models; sequelize: Sequelize; throttle: LoginThrottle },
  { email, password, clientAddress }: { email: string; password: string; clientAddress: string },
  now = new Date(),
): Promise<LoginOutcome> {
  const user = await deps.models.User.findOne({ where: { email } });
  const key = loginThrottleKey(email, clientAddress, user?.passwordHash ?? null);
  const throttled = await deps.throttle.isThrottled(key);
  const passwordRight = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  // While throttled even the right password is refused, so guessing on from this address stays useless.
  if (throttled) return { ok: false, reason: 'locked' };
  if (!user || !passwordRight) return { ok: false, reason: (await deps.throttle.recordFailure(key)) ? 'locked' : 'invalid' };
  // With two-factor sign-in the count goes on until the code is right too (routes/auth): a right password
  // between wrong codes must not start the five again.
  if (!user.totpEnabledAt) await deps.throttle.clear(key);
  // A suspension whose end has come is lifted now rather than at the next sweep: the member may log in.
  if (suspensionHasEnded(user, now)) {
    await endSuspensionIfDue(deps, user.id, now);
    await user.reload();
  }
  if (user.suspendedAt) return { ok: false, reason: 'suspended' };
  if (!user.emailVerifiedAt) return { ok: false, reason: 'unverified' };
  return { ok: true, user };
}
