import { randomBytes } from 'node:crypto';
import { PASSKEY_LIMITS } from '@hiraku/shared';
import { Op } from 'sequelize';
import type { Models } from '../models';

export type ChallengePurpose = 'register' | 'signIn';

/**
 * WebAuthn challenges kept on the server: each is handed out once, lives
 * PASSKEY_LIMITS.challengeTtlSec and is used up by the first answer that names it, right or wrong, so a
 * captured answer cannot be sent again. A registration's challenge belongs to the member it was made for.
 */
export async function issueChallenge(models: Models, purpose: ChallengePurpose, userId: number | null, now = new Date()): Promise<string> {
  // Expired ones are of no use to anyone: dropping them here keeps the table to the last few minutes.
  await models.PasskeyChallenge.destroy({ where: { expiresAt: { [Op.lte]: now } } });
  const challenge = randomBytes(32).toString('base64url');
  await models.PasskeyChallenge.create({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + PASSKEY_LIMITS.challengeTtlSec * 1000) });
  return challenge;
}

/** Uses up `challenge` if it was handed out for this purpose (and member) and has not run out; true when it was. */
export async function claimChallenge(models: Models, challenge: string, purpose: ChallengePurpose, userId: number | null, now = new Date()): Promise<boolean> {
  // One DELETE decides: two answers racing with the same challenge cannot both remove the row.
  const removed = await models.PasskeyChallenge.destroy({ where: { challenge, purpose, userId, expiresAt: { [Op.gt]: now } } });
  return removed === 1;
}

/** The challenge an answer signed, read from its clientDataJSON (null when that is not JSON naming one). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof data === 'object' && data !== null ? (data as { challenge?: unknown }).challenge : undefined;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 100 ? challenge : null;
  } catch {
    return null;
  }
}
