import { TIMINGS } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { generateSecretToken, hashSecretToken } from '../auth/secretTokens';
import type { Models, OneTimeTokenPurpose } from '../models';

const TTL_SEC: Record<OneTimeTokenPurpose, number> = {
  verify_email: TIMINGS.verifyEmailTtlSec,
  reset_password: TIMINGS.passwordResetTtlSec,
};

/** Creates a mail-link token and returns it; only its hash is stored. */
export async function issueOneTimeToken(
  models: Models,
  userId: number,
  purpose: OneTimeTokenPurpose,
  { now = new Date(), transaction }: { now?: Date; transaction?: Transaction } = {},
): Promise<string> {
  const token = generateSecretToken();
  await models.OneTimeToken.create(
    { userId, purpose, tokenHash: hashSecretToken(token), expiresAt: new Date(now.getTime() + TTL_SEC[purpose] * 1000) },
    { transaction },
  );
  return token;
}

/**
 * Uses up a token and returns its member's id, or null when it is unknown, used, expired or for another
 * purpose. The member's other open links of the same purpose are used up with it, so an older mail
 * cannot be replayed after the newer one worked.
 */
export async function consumeOneTimeToken(
  models: Models,
  token: string,
  purpose: OneTimeTokenPurpose,
  transaction: Transaction,
  now = new Date(),
): Promise<number | null> {
  const row = await models.OneTimeToken.findOne({ where: { tokenHash: hashSecretToken(token), purpose }, transaction });
  if (!row || row.usedAt || row.expiresAt <= now) return null;
  // Conditional update: of two simultaneous clicks only one wins.
  const [claimed] = await models.OneTimeToken.update({ usedAt: now }, { where: { id: row.id, usedAt: null }, transaction });
  if (claimed === 0) return null;
  await models.OneTimeToken.update({ usedAt: now }, { where: { userId: row.userId, purpose, usedAt: null }, transaction });
  return row.userId;
}

/** The member a token was issued to, whatever its state: lets a used link be told apart from a wrong one. */
export async function ownerOfOneTimeToken(models: Models, token: string, purpose: OneTimeTokenPurpose): Promise<number | null> {
  const row = await models.OneTimeToken.findOne({ where: { tokenHash: hashSecretToken(token), purpose } });
  return row?.userId ?? null;
}
