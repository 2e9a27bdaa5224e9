import { TEXTS, TIMINGS } from '@hiraku/shared';
import type { Context } from 'koa';
import type { Sequelize, Transaction } from 'sequelize';
import { verifySecondFactor } from '../commands/twoFactor';
import { AppError, validationError } from '../errors';
import type { Models } from '../models';
import { verifyAccessToken } from './accessToken';
import { verifyPassword } from './password';
import { readAccessCookie } from './sessionCookies';

/**
 * Step-up: the one rule for "prove it is you again" before what cannot be undone (changing the
 * e-mail or password, deleting the account, exporting data, turning two-factor off, removing a passkey, an
 * operator's suspend and delete decisions).
 *
 * A session is a refresh-token family; its row in `session_families` keeps when it last proved who it is
 * (`strong_proof_at`): the password, plus the code when two-factor sign-in is on, or a passkey. Signing in
 * is such a proof, so a member who has just signed in is not asked again. Older than
 * TIMINGS.stepUpFreshSec, the action answers 403 `step_up_required`; the UI's step-up dialog then sends
 * the proof to `POST /api/account/step-up` and retries.
 *
 * A passkey assertion records its proof with `recordStrongProof` too (the passkeys branch calls it).
 */
export interface StepUpDeps {
  models: Models;
  sequelize: Sequelize;
  sessionKey: Buffer;
}

/** The session (family id) the request's access token belongs to; null without a valid one. */
export function sessionIdOf(ctx: Context, sessionKey: Buffer): string | null {
  const token = readAccessCookie(ctx);
  return token ? (verifyAccessToken(token, sessionKey)?.familyId ?? null) : null;
}

/** Writes that session `sessionId` proved its member's identity at `at`. */
export async function recordStrongProof(models: Models, sessionId: string, at: Date, transaction?: Transaction): Promise<boolean> {
  const [changed] = await models.SessionFamily.update({ strongProofAt: at }, { where: { familyId: sessionId }, transaction });
  return changed === 1;
}

/** An operator's decisions that cannot be undone, which ask for a recent proof (suspend and delete). */
export const decisionNeedsStepUp = (action: string): boolean => action === 'delete' || action === 'suspend';

const stepUpRequired = () => new AppError(403, 'step_up_required', TEXTS.stepUp.required);

/** Throws 403 `step_up_required` unless the request's session proved its member's identity in the last 10 minutes. */
export async function requireRecentProof(deps: StepUpDeps, ctx: Context, now = new Date()): Promise<void> {
  const sessionId = sessionIdOf(ctx, deps.sessionKey);
  if (!sessionId) throw stepUpRequired();
  const family = await deps.models.SessionFamily.findOne({ where: { familyId: sessionId }, attributes: ['strongProofAt'] });
  const provedAt = family?.strongProofAt?.getTime();
  if (provedAt === undefined || now.getTime() - provedAt > TIMINGS.stepUpFreshSec * 1000 || provedAt > now.getTime() + 60_000) {
    throw stepUpRequired();
  }
}

/**
 * The step-up itself: the member's password, and a code when two-factor sign-in is on. On success the
 * session's proof is renewed. Wrong attempts are slowed by the endpoint's rate rule (per member).
 */
export async function proveWithPassword(
  deps: StepUpDeps,
  ctx: Context,
  userId: number,
  input: { password: string; code?: string | undefined },
  now = new Date(),
): Promise<void> {
  const user = await deps.models.User.findByPk(userId, { attributes: ['id', 'passwordHash', 'totpSecret', 'totpEnabledAt'] });
  if (!user) throw stepUpRequired();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw validationError(TEXTS.stepUp.wrongPassword, { password: TEXTS.stepUp.wrongPassword });
  }
  if (user.totpEnabledAt) {
    if (!input.code) throw validationError(TEXTS.stepUp.codeRequired, { code: TEXTS.stepUp.codeRequired });
    if (!(await verifySecondFactor(deps, user, input.code, now))) {
      throw validationError(TEXTS.stepUp.codeInvalid, { code: TEXTS.stepUp.codeInvalid });
    }
  }
  const sessionId = sessionIdOf(ctx, deps.sessionKey);
  if (!sessionId || !(await recordStrongProof(deps.models, sessionId, now))) {
    throw new AppError(409, 'conflict', TEXTS.stepUp.noSessionRecord);
  }
}
