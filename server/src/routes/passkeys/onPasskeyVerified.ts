import { TEXTS } from '@hiraku/shared';
import type { Context } from 'koa';
import { recordStrongProof, sessionIdOf } from '../../auth/stepUp';
import { AppError } from '../../errors';
import type { AppServices } from '../../services';

/**
 * A passkey assertion of the session's own member, verified: it is the password and the code in one,
 * so it renews the session's step-up proof (auth/stepUp.ts) as the password dialog does. A sign-in with a
 * passkey needs no call here: its new session starts with the proof (routes/auth/signIn.ts).
 */
export async function onPasskeyVerified(services: AppServices, ctx: Context, now = new Date()): Promise<void> {
  const sessionId = sessionIdOf(ctx, services.sessionKey);
  if (!sessionId || !(await recordStrongProof(services.models, sessionId, now))) {
    throw new AppError(409, 'conflict', TEXTS.stepUp.noSessionRecord);
  }
}
