import { hashPassword } from '../../src/auth/password';
import { newRecoveryCode, normaliseRecoveryCode, totpCodeAt, totpStep } from '../../src/auth/totp';
import { RecoveryCode, User } from '../../src/models';

/**
 * What the member with `email` types at the login's code step: the code an authenticator app shows now,
 * for a step the server has not seen used (the current one, or the next, still inside the window). A test
 * that logs one member in more than twice within 30 seconds gets a recovery code instead, made for the
 * purpose, so no test waits for the clock.
 */
export async function nextTotpCode(email: string, now = new Date()): Promise<string> {
  const user = await User.findOne({ where: { email }, attributes: ['id', 'totpSecret', 'totpLastStep'] });
  if (!user?.totpSecret) throw new Error(`${email} has no two-factor secret`);
  const last = user.totpLastStep === null ? null : Number(user.totpLastStep);
  const current = totpStep(now);
  const step = [current, current + 1].find((candidate) => last === null || candidate > last);
  if (step !== undefined) return totpCodeAt(user.totpSecret, step);
  const code = newRecoveryCode();
  await RecoveryCode.create({ userId: user.id, codeHash: await hashPassword(normaliseRecoveryCode(code) as string) });
  return code;
}
