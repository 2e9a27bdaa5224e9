import { Op, type Sequelize } from 'sequelize';
import { hashPassword } from '../auth/password';
import { assertAcceptablePassword } from '../auth/passwordPolicy';
import { recordStrongProof } from '../auth/stepUp';
import { writeTransaction } from '../db/transaction';
import type { Models } from '../models';

/**
 * 設定's password change. The caller has passed step-up (auth/stepUp.ts), which is the proof of
 * the current password. Every other session of the member ends (the reason to change it may be a leak);
 * this one stays, with a fresh proof, since it just showed the new password.
 */
export async function changePassword(
  deps: { models: Models; sequelize: Sequelize },
  { userId, sessionId, newPassword }: { userId: number; sessionId: string; newPassword: string },
  now = new Date(),
): Promise<void> {
  assertAcceptablePassword(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  await writeTransaction(deps.sequelize, async (transaction) => {
    await deps.models.User.update({ passwordHash }, { where: { id: userId }, transaction });
    await deps.models.RefreshToken.update({ revokedAt: now }, { where: { userId, revokedAt: null, familyId: { [Op.ne]: sessionId } }, transaction });
    await recordStrongProof(deps.models, sessionId, now, transaction);
  });
}
