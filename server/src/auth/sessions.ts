import { createHmac, randomUUID } from 'node:crypto';
import { TIMINGS } from '@hiraku/shared';
import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Models, RefreshToken, User } from '../models';
import { signAccessToken, verifyAccessToken } from './accessToken';
import { generateSecretToken, hashSecretToken } from './secretTokens';
import type { IssuedSession } from './sessionCookies';
import { sqlDateTime } from '../db/connection';
import { writeTransaction } from '../db/transaction';
import { recordSignIn, touchFamily } from './sessionFamilies';

/**
 * The columns of the member that a request may need (ids, role, the tutorial flag of /auth/me, how
 * sensitive images appear to them, which every report answer needs): every
 * authenticated request reads them, so never the password hash or the e-mail address. Whatever needs
 * more (the data export, re-entering the password) reads it itself.
 */
export const SESSION_MEMBER_ATTRIBUTES = ['id', 'publicId', 'role', 'tutorialPending', 'totpEnabledAt', 'sensitiveImages', 'newStageUntil'] as const;
export type SessionMember = Pick<User, (typeof SESSION_MEMBER_ATTRIBUTES)[number]>;

export interface SessionDeps {
  models: Models;
  sessionKey: Buffer;
}

/**
 * Starts a new family: its end is fixed now (14 days) and no rotation moves it. With the browser's user
 * agent (a real login), the family gets its row in the sessions list, and `unseenBrowser` says whether the
 * member has signed in with this browser and system before (the new-browser mail).
 */
export async function startSession(
  deps: SessionDeps,
  user: Pick<User, 'id'>,
  now = new Date(),
  /** `strongProofAt`: the login proved the member's identity (password and code): step-up (auth/stepUp.ts) starts fresh. */
  client?: { userAgent: string; strongProofAt?: Date },
): Promise<IssuedSession & { familyId: string; unseenBrowser: boolean }> {
  // Ended families are of no use to anyone; dropping them at login keeps the table small.
  await deps.models.RefreshToken.destroy({ where: { userId: user.id, familyExpiresAt: { [Op.lte]: now } } });
  const familyExpiresAt = new Date(now.getTime() + TIMINGS.sessionMaxAgeSec * 1000);
  const familyId = randomUUID();
  const unseenBrowser = client ? await recordSignIn(deps.models, { userId: user.id, familyId, userAgent: client.userAgent, now, strongProofAt: client.strongProofAt ?? null }) : false;
  return { ...(await issueLink(deps, { userId: user.id, familyId, familyExpiresAt, now })), familyId, unseenBrowser };
}

async function issueLink(
  deps: SessionDeps,
  { userId, familyId, familyExpiresAt, now, refreshToken = generateSecretToken() }: LinkFields & { now: Date; refreshToken?: string },
  transaction?: Transaction,
): Promise<IssuedSession> {
  await deps.models.RefreshToken.create(
    { userId, familyId, tokenHash: hashSecretToken(refreshToken), expiresAt: familyExpiresAt, familyExpiresAt },
    { transaction },
  );
  return sessionFor(deps, { userId, familyId, familyExpiresAt, now, refreshToken });
}

interface LinkFields {
  userId: number;
  familyId: string;
  familyExpiresAt: Date;
}

/** The cookies' contents for an existing link: its refresh token and a new access token of its family. */
function sessionFor(deps: SessionDeps, { userId, familyId, familyExpiresAt, now, refreshToken }: LinkFields & { now: Date; refreshToken: string }): IssuedSession {
  const accessExpiresAt = new Date(Math.min(now.getTime() + TIMINGS.accessTokenTtlSec * 1000, familyExpiresAt.getTime()));
  const accessToken = signAccessToken({ userId, familyId, exp: Math.floor(accessExpiresAt.getTime() / 1000) }, deps.sessionKey);
  return { accessToken, accessExpiresAt, refreshToken, refreshExpiresAt: familyExpiresAt };
}

/**
 * How long a rotated refresh token still leads to the session that replaced it. Two tabs (or a retried
 * request) may send the same token at the same moment; the second must not look like theft and log the
 * member out. Later than this, a used token coming back is reuse and revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** Rotations followed within one grace window: enough for tabs refreshing in a burst, bounded all the same. */
const GRACE_CHAIN_MAX = 4;

/**
 * The token that replaces `refreshToken` at rotation, derived from it with the session key rather than
 * drawn at random: a second request with the same old token can then be given the very same successor,
 * though only its hash is stored. Knowing it needs the old token, which already gets a session.
 */
function successorToken(sessionKey: Buffer, refreshToken: string): string {
  return createHmac('sha256', sessionKey).update(`refresh-successor\u0000${refreshToken}`, 'utf8').digest('base64url');
}

/**
 * For a token rotated less than REFRESH_REUSE_GRACE_MS ago: the live session that replaced it (following
 * rotations made within the window), or null when there is none and the token's return is reuse.
 */
async function sessionWithinGrace(
  deps: SessionDeps,
  link: RefreshToken,
  refreshToken: string,
  now: Date,
): Promise<{ user: SessionMember; session: IssuedSession } | null> {
  let current = link;
  let token = refreshToken;
  for (let step = 0; step < GRACE_CHAIN_MAX; step += 1) {
    if (!current.usedAt || now.getTime() - current.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return null;
    token = successorToken(deps.sessionKey, token);
    const next = await deps.models.RefreshToken.findOne({ where: { tokenHash: hashSecretToken(token) } });
    if (!next || next.revokedAt || next.familyId !== link.familyId || next.familyExpiresAt <= now) return null;
    if (next.usedAt) {
      current = next;
      continue;
    }
    const user = await deps.models.User.findByPk(next.userId, { attributes: [...SESSION_MEMBER_ATTRIBUTES, 'suspendedAt'] });
    if (!user || user.suspendedAt) return null;
    return { user, session: sessionFor(deps, { userId: user.id, familyId: next.familyId, familyExpiresAt: next.familyExpiresAt, now, refreshToken: token }) };
  }
  return null;
}

export type RotationFailure = 'missing' | 'unknown' | 'revoked' | 'reused' | 'expired' | 'suspended';
export type RotationResult = { ok: true; user: SessionMember; session: IssuedSession } | { ok: false; reason: RotationFailure };

/**
 * Exchanges a refresh token for a new pair. A token that was already exchanged more than
 * REFRESH_REUSE_GRACE_MS ago means it was copied: the whole family is revoked, so neither the thief nor
 * the member keeps the session. Within the window it leads to the same new session as the first time.
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
  if (link.usedAt) return graceOrReuse(deps, link, refreshToken, now);
  if (link.expiresAt <= now || link.familyExpiresAt <= now) return { ok: false, reason: 'expired' };
  const user = await User.findByPk(link.userId, { attributes: [...SESSION_MEMBER_ATTRIBUTES, 'suspendedAt'] });
  if (!user) return { ok: false, reason: 'unknown' };
  if (user.suspendedAt) {
    await revokeFamily(deps.models, link.familyId, now);
    return { ok: false, reason: 'suspended' };
  }
  const session = await writeTransaction(deps.sequelize, async (transaction) => {
    // The condition makes two simultaneous exchanges of one token impossible: only one update matches.
    const [claimed] = await RefreshToken.update({ usedAt: now }, { where: { id: link.id, usedAt: null, revokedAt: null }, transaction });
    if (claimed === 0) return null;
    const successor = successorToken(deps.sessionKey, refreshToken);
    return issueLink(deps, { userId: user.id, familyId: link.familyId, familyExpiresAt: link.familyExpiresAt, now, refreshToken: successor }, transaction);
  });
  if (session) {
    await touchFamily(deps.models, link.familyId, now);
    return { ok: true, user, session };
  }
  // Another request exchanged the same token a moment ago (its update went first and has committed).
  const claimedBy = await RefreshToken.findByPk(link.id);
  return claimedBy ? graceOrReuse(deps, claimedBy, refreshToken, now) : { ok: false, reason: 'unknown' };
}

/** A used token came back: the same new session within the grace window, else the family is revoked. */
async function graceOrReuse(deps: SessionDeps, link: RefreshToken, refreshToken: string, now: Date): Promise<RotationResult> {
  if (link.revokedAt) return { ok: false, reason: 'revoked' };
  const again = await sessionWithinGrace(deps, link, refreshToken, now);
  if (again) return { ok: true, ...again };
  await revokeFamily(deps.models, link.familyId, now);
  return { ok: false, reason: 'reused' };
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
 * member, or a family that was revoked (logout, reuse, reset) or has ended. One statement on two primary
 * or indexed keys, read on every authenticated request; not cached in the process, because a suspension,
 * a role change or a logout made through another API process must end the session at once here too.
 */
export async function userFromAccessToken(deps: SessionDeps, accessToken: string | undefined, now = new Date()): Promise<SessionMember | null> {
  if (!accessToken) return null;
  const claims = verifyAccessToken(accessToken, deps.sessionKey, Math.floor(now.getTime() / 1000));
  if (!claims) return null;
  const sequelize = deps.models.User.sequelize as Sequelize;
  // One plain statement rather than a model load: every API request runs it, and Sequelize's option
  // cloning and instance building cost more CPU than the lookup itself (issue 22's profile). Same columns
  // (SESSION_MEMBER_ATTRIBUTES) and conditions: an active member whose session family is neither
  // revoked nor over. Bound parameters rather than replacements: on MariaDB Sequelize then sends it as a
  // prepared statement (mysql2's execute, kept per connection), which neither side parses again.
  const [row] = await sequelize.query<{ id: number | string; public_id: string; role: SessionMember['role']; tutorial_pending: number | string | boolean; totp_enabled_at: Date | string | null; sensitive_images: SessionMember['sensitiveImages']; new_stage_until: Date | string | null }>(
    `SELECT u.id, u.public_id, u.role, u.tutorial_pending, u.totp_enabled_at, u.sensitive_images, u.new_stage_until
       FROM \`users\` AS u
      WHERE u.id = $userId AND u.suspended_at IS NULL
        AND EXISTS (SELECT 1 FROM \`refresh_tokens\` AS rt WHERE rt.family_id = $familyId AND rt.user_id = u.id
                     AND rt.revoked_at IS NULL AND rt.family_expires_at > $now)`,
    { bind: { userId: claims.userId, familyId: claims.familyId, now: sqlDateTime(sequelize, now) }, type: QueryTypes.SELECT },
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    publicId: row.public_id,
    role: row.role,
    tutorialPending: row.tutorial_pending === true || Number(row.tutorial_pending) === 1,
    // mysql2 answers a Date; SQLite the text Sequelize stored.
    totpEnabledAt: row.totp_enabled_at === null ? null : row.totp_enabled_at instanceof Date ? row.totp_enabled_at : new Date(row.totp_enabled_at),
    sensitiveImages: row.sensitive_images,
    // New members (commands/memberStage.ts): null once past the stage, so their writes skip its check.
    newStageUntil: row.new_stage_until === null ? null : row.new_stage_until instanceof Date ? row.new_stage_until : new Date(row.new_stage_until),
  };
}
