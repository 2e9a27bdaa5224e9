import { createHmac } from 'node:crypto';
import { TEXTS } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { validationError } from '../errors';
import type { Models } from '../models';

type Deps = { models: Pick<Models, 'BlockedEmailHash' | 'User'>; sessionKey: Buffer };

/**
 * The address as a mailbox, not as typed: lower case, and without a `+tag` (most providers deliver
 * `name+anything@` to `name@`), so the trivial variants of a blocked address are the same address.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at).split('+')[0] || lower.slice(0, at);
  return `${local}@${lower.slice(at + 1)}`;
}

/**
 * HMAC-SHA256 of the normalised address, keyed with the server secret (SESSION_SECRET or the key in the
 * data folder) and a label of its own: without the secret the table cannot be tested against a list of
 * addresses, and the hash is useless for anything but this check. Changing the secret forgets the blocks.
 */
export function emailBlockHash(sessionKey: Buffer, email: string): string {
  return createHmac('sha256', sessionKey).update(`hiraku:email-block:${normaliseEmail(email)}`).digest('hex');
}

/**
 * Makes the block of a member's address match their state: kept while they are suspended
 * with no end (suspended for good, or hidden until an operator lifts it), dropped once that is lifted or
 * overturned. Called in the transaction of the decision.
 */
export async function syncEmailBlock(deps: Deps, userId: number, { transaction }: { transaction: Transaction }): Promise<void> {
  const member = await deps.models.User.findByPk(userId, { attributes: ['id', 'email', 'suspendedAt', 'suspendedUntil'], transaction });
  if (!member) return;
  const forGood = member.suspendedAt !== null && member.suspendedUntil === null;
  if (!forGood) {
    await deps.models.BlockedEmailHash.destroy({ where: { userId }, transaction });
    return;
  }
  const emailHash = emailBlockHash(deps.sessionKey, member.email);
  const existing = await deps.models.BlockedEmailHash.findOne({ where: { emailHash }, transaction });
  if (!existing) await deps.models.BlockedEmailHash.create({ emailHash, userId }, { transaction });
}

/** Refuses a sign-up with an address blocked by syncEmailBlock, with a neutral message (nothing is stored). */
export async function assertEmailNotBlocked(deps: Deps, email: string): Promise<void> {
  const found = await deps.models.BlockedEmailHash.findOne({ where: { emailHash: emailBlockHash(deps.sessionKey, email) }, attributes: ['id'] });
  if (found) throw validationError(TEXTS.guard.signupRefused, { email: TEXTS.guard.signupRefused });
}
