import type { Models } from '../models';

/**
 * Whether a member has a second factor: two-factor sign-in with a code, or a passkey. An
 * operator needs one for the operator screens (http/endpoints.ts), and an operator's password alone then
 * never signs in (routes/auth). A passkey is both factors at once: something held (the authenticator)
 * and the member's own verification on it (fingerprint, face or screen lock; required at every use).
 */
export async function hasSecondFactor(models: Pick<Models, 'Passkey'>, user: { id: number; totpEnabledAt: Date | null }): Promise<boolean> {
  if (user.totpEnabledAt) return true;
  return hasPasskey(models, user.id);
}

export async function hasPasskey(models: Pick<Models, 'Passkey'>, userId: number): Promise<boolean> {
  return (await models.Passkey.findOne({ where: { userId }, attributes: ['id'] })) !== null;
}
