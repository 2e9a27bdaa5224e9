import { randomUUID } from 'node:crypto';
import { TIMINGS } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import type { Models, User } from '../models';
import { signAccessToken, verifyAccessToken } from './accessToken';
import { generateSecretToken, hashSecretToken } from './secretTokens';
import type { IssuedSession } from './sessionCookies';
import { writeTransaction } from '../db/transaction';

export interface SessionDeps {
  models: Models;
  sessionKey: Buffer;
}

/** Starts a new family: its end is fixed now (14 days) and no rotation moves it. */
export async function startSession(deps: SessionDeps, user: User, now = new Date()): Promise<IssuedSession> {
  // Ended families are of no use to anyone; dropping them at login keeps the table small.
  await deps.models.RefreshToken.destroy({ where: { userId: user.id, familyExpiresAt: { [Op.lte]: now } } });
  const familyExpiresAt = new Date(now.getTime() + TIMINGS.sessionMaxAgeSec * 1000);
  return issueLink(deps, { userId: user.id, familyId: randomUUID(), familyExpiresAt, now });
}

async function issueLink(
  deps: SessionDeps,
  { userId, familyId, familyExpiresAt, now }: { userId: number; familyId: string; familyExpiresAt: Date; now: Date },
  transaction?: Transaction,
): Promise<IssuedSession> {
  const refreshToken = generateSecretToken();
  await deps.models.RefreshToken.create(
    { userId, familyId, tokenHash: hashSecretToken(refreshToken), expiresAt: familyExpiresAt, familyExpiresAt },
    { transaction },
  );
  const accessExpiresAt = new Date(Math.min(now.getTime() + TIMINGS.accessTokenTtlSec * 1000, familyExpiresAt.getTime()));
  const accessToken = signAccessToken({ userId, familyId, exp: Math.floor(accessExpiresAt.getTime() / 1000) }, deps.sessionKey);
  return { accessToken, accessExpiresAt, refreshToken, refreshExpiresAt: familyExpiresAt };
}

export type RotationFailure = 'missing' | 'unknown' | 'revoked' | 'reused' | 'expired' | 'suspended';
export type RotationResult = { ok: true; user: User; session: IssuedSession } | { ok: false; reason: RotationFailure };

/**
 * Exchanges a refresh token for a new pair. A token that was already exchanged means it was copied:
 * the whole family is revoked, so neither the thief nor the member keeps the session.
 */
export async function rotateSession(
  deps: SessionDeps & { sequelize: Sequelize },
  refreshToken: string | undefined,
  now = new Date(),
): Promise<RotationResult> {
  if (!refreshToken) return { ok: false, reason: 'missing' };
  const { RefreshToken, User } = deps.models;
  const link = await RefreshToken.findOne({ where: { tokenHash: hashSecretToken(refreshToken) } });
  if (!link) return { ok: false, reason: 'unknown' };
  if (link.revokedAt) return { ok: false, reason: 'revoked' };
  if (link.usedAt) {
    await revokeFamily(deps.models, link.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  if (link.expiresAt <= now || link.familyExpiresAt <= now) return { ok: false, reason: 'expired' };
  const user = await User.findByPk(link.userId);
  if (!user) return { ok: false, reason: 'unknown' };
  if (user.suspendedAt) {
    await revokeFamily(deps.models, link.familyId, now);
    return { ok: false, reason: 'suspended' };
  }
  const session = await writeTransaction(deps.sequelize, async (transaction) => {
    // The condition makes two simultaneous exchanges of one token impossible: only one update matches.
    const [claimed] = await RefreshToken.update({ usedAt: now }, { where: { id: link.id, usedAt: null, revokedAt: null }, transaction });
    if (claimed === 0) return null;
    return issueLink(deps, { userId: user.id, familyId: link.familyId, familyExpiresAt: link.familyExpiresAt, now }, transaction);
  });
  if (!session) {
    await revokeFamily(deps.models, link.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, user, session };
}

export async function revokeFamily(models: Models, familyId: string, now = new Date(), transaction?: Transaction): Promise<void> {
  await models.RefreshToken.update({ revokedAt: now }, { where: { familyId, revokedAt: null }, transaction });
}

/** Ends every session of a member (password reset). */
export async function revokeAllSessions(models: Models, userId: number, now = new Date(), transaction?: Transaction): Promise<void> {
  await models.RefreshToken.update({ revokedAt: now }, { where: { userId, revokedAt: null }, transaction });
}

/** Logout: finds the family from either cookie (an expired access token still names it) and revokes it. */
export async function endSession(
  deps: SessionDeps,
  { accessToken, refreshToken }: { accessToken?: string; refreshToken?: string },
  now = new Date(),
): Promise<void> {
  const familyIds = new Set<string>();
  // Expiry does not matter here, only that we signed it: verify as of the epoch.
  const claims = accessToken ? verifyAccessToken(accessToken, deps.sessionKey, 0) : null;
  if (claims) familyIds.add(claims.familyId);
  if (refreshToken) {
    const link = await deps.models.RefreshToken.findOne({ where: { tokenHash: hashSecretToken(refreshToken) }, attributes: ['familyId'] });
    if (link) familyIds.add(link.familyId);
  }
  for (const familyId of familyIds) await revokeFamily(deps.models, familyId, now);
}

/**
 * The member an access token stands for, or null: bad or expired signature, deleted or suspended
 * member, or a family that was revoked (logout, reuse, reset) or has ended.
 */
export async function userFromAccessToken(deps: SessionDeps, accessToken: string | undefined, now = new Date()): Promise<User | null> {
  if (!accessToken) return null;
  const claims = verifyAccessToken(accessToken, deps.sessionKey, Math.floor(now.getTime() / 1000));
  if (!claims) return null;
  const [user, liveLink] = await Promise.all([
    deps.models.User.findByPk(claims.userId),
    deps.models.RefreshToken.findOne({
      where: { familyId: claims.familyId, userId: claims.userId, revokedAt: null, familyExpiresAt: { [Op.gt]: now } },
      attributes: ['id'],
    }),
  ]);
  if (!user || user.suspendedAt || !liveLink) return null;
  return user;
}
