import { TEXTS, TIMINGS } from '@hiraku/shared';
import { Op, UniqueConstraintError } from 'sequelize';
import { generateSecretToken, hashSecretToken } from '../auth/secretTokens';
import { writeTransaction } from '../db/transaction';
import { conflict, validationError } from '../errors';
import { emailChangeConfirmMail, emailChangedMail } from '../mail/templates';
import type { AppServices } from '../services';
import { enqueueMail } from './mailOutbox';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'env'>;

/** The page the link opens; it sends the token to POST /api/account/email/confirm. */
export const EMAIL_CHANGE_PAGE = '/confirm-email-change';

/**
 * 設定's e-mail change, after step-up (the route's requireRecentProof). A link valid for
 * TIMINGS.emailChangeTtlSec goes to the new address; nothing changes until it is opened. An address
 * another account uses gets no mail and the same answer, so the form cannot be used to find out who is
 * registered. The member's own address again: 400.
 */
export async function requestEmailChange(deps: Deps, { userId, newEmail, now = new Date() }: { userId: number; newEmail: string; now?: Date }): Promise<void> {
  const address = newEmail.toLowerCase();
  await writeTransaction(deps.sequelize, async (transaction) => {
    const user = await deps.models.User.findByPk(userId, { attributes: ['id', 'email'], transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw conflict(TEXTS.stepUp.noSessionRecord);
    if (user.email.toLowerCase() === address) throw validationError(TEXTS.emailChange.sameAddress, { newEmail: TEXTS.emailChange.sameAddress });
    if (await deps.models.User.findOne({ where: { email: address }, attributes: ['id'], transaction })) return;
    const token = generateSecretToken();
    await deps.models.EmailChange.create(
      { userId, newEmail: address, tokenHash: hashSecretToken(token), expiresAt: new Date(now.getTime() + TIMINGS.emailChangeTtlSec * 1000) },
      { transaction },
    );
    const link = `${deps.env.publicUrl}${EMAIL_CHANGE_PAGE}?token=${encodeURIComponent(token)}`;
    await enqueueMail(deps.models, 'emailChangeConfirm', emailChangeConfirmMail({ to: address, link, publicUrl: deps.env.publicUrl }), { transaction });
  });
}

/**
 * The link opened: the address changes (and counts as confirmed), the member's other pending changes are
 * used up with it, and the old address is told. Unknown, used or expired: 400; the address taken
 * meanwhile by another account: 409.
 */
export async function confirmEmailChange(deps: Deps, { token, now = new Date() }: { token: string; now?: Date }): Promise<void> {
  try {
    await writeTransaction(deps.sequelize, async (transaction) => {
      const change = await deps.models.EmailChange.findOne({ where: { tokenHash: hashSecretToken(token) }, transaction, lock: transaction.LOCK.UPDATE });
      if (!change || change.usedAt || change.expiresAt <= now) throw validationError(TEXTS.emailChange.linkInvalid);
      await deps.models.EmailChange.update({ usedAt: now }, { where: { userId: change.userId, usedAt: { [Op.is]: null } }, transaction });
      const user = await deps.models.User.findByPk(change.userId, { transaction, lock: transaction.LOCK.UPDATE });
      if (!user) throw validationError(TEXTS.emailChange.linkInvalid);
      if (await deps.models.User.findOne({ where: { email: change.newEmail, id: { [Op.ne]: user.id } }, attributes: ['id'], transaction })) {
        throw conflict(TEXTS.emailChange.addressTaken);
      }
      const oldEmail = user.email;
      await user.update({ email: change.newEmail, emailVerifiedAt: now }, { transaction });
      await enqueueMail(deps.models, 'emailChanged', emailChangedMail({ to: oldEmail, at: now, publicUrl: deps.env.publicUrl }), { transaction });
    });
  } catch (error) {
    // Two accounts confirming the same new address at once: the unique index settles it.
    if (error instanceof UniqueConstraintError) throw conflict(TEXTS.emailChange.addressTaken);
    throw error;
  }
}
