import { LIMITS, TIMINGS } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import type { Models, User } from '../models';
import { hashPassword, verifyPassword } from './password';
import { generateSecretToken } from './secretTokens';
import { endSuspensionIfDue } from '../commands/moderation/memberSuspender';
import { suspensionHasEnded } from '../visibility';
import { writeTransaction } from '../db/transaction';

export type LoginRefusal = 'invalid' | 'locked' | 'suspended' | 'unverified';
export type LoginOutcome = { ok: true; user: User } | { ok: false; reason: LoginRefusal };

let dummyHash: Promise<string> | undefined;
/** A hash nobody knows the password of: unknown addresses cost the same argon2 work as known ones. */
const dummyPasswordHash = () => (dummyHash ??= hashPassword(generateSecretToken()));

/**
 * Decides a login attempt. Suspension and verification are told only to someone who knows the password;
 * wrong passwords count toward the lock, a right one clears the count.
 */
export async function checkCredentials(
  deps: { models: Models; sequelize: Sequelize },
  email: string,
  password: string,
  now = new Date(),
): Promise<LoginOutcome> {
  const user = await deps.models.User.findOne({ where: { email } });
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    return { ok: false, reason: 'invalid' };
  }
  // While locked the password is not even tried, so guessing on stays useless.
  if (user.lockedUntil && user.lockedUntil > now) return { ok: false, reason: 'locked' };
  if (!(await verifyPassword(user.passwordHash, password))) return recordFailure(deps, user.id, now);
  if (user.failedLoginCount !== 0 || user.lockedUntil) await user.update({ failedLoginCount: 0, lockedUntil: null });
  // A suspension whose end has come is lifted now rather than at the next sweep: the member may log in.
  if (suspensionHasEnded(user, now)) {
    await endSuspensionIfDue(deps, user.id, now);
    await user.reload();
  }
  if (user.suspendedAt) return { ok: false, reason: 'suspended' };
  if (!user.emailVerifiedAt) return { ok: false, reason: 'unverified' };
  return { ok: true, user };
}

async function recordFailure(deps: { models: Models; sequelize: Sequelize }, userId: number, now: Date): Promise<LoginOutcome> {
  return writeTransaction(deps.sequelize, async (transaction) => {
    // Row lock: parallel wrong guesses must each count.
    const user = await deps.models.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) return { ok: false, reason: 'invalid' } as const;
    const failures = user.failedLoginCount + 1;
    if (failures >= LIMITS.failedLoginsToLock) {
      // The count starts again from zero, so the lock ends after 24 hours instead of re-locking at once.
      await user.update({ failedLoginCount: 0, lockedUntil: new Date(now.getTime() + TIMINGS.lockoutSec * 1000) }, { transaction });
      return { ok: false, reason: 'locked' } as const;
    }
    await user.update({ failedLoginCount: failures }, { transaction });
    return { ok: false, reason: 'invalid' } as const;
  });
}
