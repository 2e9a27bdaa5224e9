import { TEXTS } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { hashPassword, verifyPassword } from '../auth/password';
import { newRecoveryCode, newTotpSecret, normaliseRecoveryCode, RECOVERY_CODE_COUNT, totpStepOf } from '../auth/totp';
import { writeTransaction } from '../db/transaction';
import { conflict, validationError } from '../errors';
import type { Models } from '../models';

interface Deps {
  models: Models;
  sequelize: Sequelize;
}

/**
 * Claims the step of a TOTP code for the member: only one request can, and only for a step later than the
 * last one accepted, so a code seen over someone's shoulder (or sent twice) is refused the second time.
 */
async function claimTotpStep(models: Models, userId: number, step: number, transaction?: Transaction): Promise<boolean> {
  const [changed] = await models.User.update(
    { totpLastStep: step },
    { where: { id: userId, [Op.or]: [{ totpLastStep: null }, { totpLastStep: { [Op.lt]: step } }] }, transaction },
  );
  return changed === 1;
}

/** Uses up the recovery code `code` if it is one of the member's unused ones. */
async function useRecoveryCode(models: Models, userId: number, code: string, now: Date): Promise<boolean> {
  const plain = normaliseRecoveryCode(code);
  if (!plain) return false;
  const unused = await models.RecoveryCode.findAll({ where: { userId, usedAt: null }, attributes: ['id', 'codeHash'] });
  for (const candidate of unused) {
    if (!(await verifyPassword(candidate.codeHash, plain))) continue;
    // The condition makes two simultaneous uses of one code impossible: only one update matches.
    const [changed] = await models.RecoveryCode.update({ usedAt: now }, { where: { id: candidate.id, usedAt: null } });
    return changed === 1;
  }
  return false;
}

/**
 * Whether `code` is a valid second factor of a member with two-factor sign-in on: a TOTP code of an unused
 * step within the window, or an unused recovery code (which is then used up).
 */
export async function verifySecondFactor(
  deps: Deps,
  user: { id: number; totpSecret: string | null; totpEnabledAt: Date | null },
  code: string,
  now = new Date(),
): Promise<boolean> {
  if (!user.totpSecret || !user.totpEnabledAt) return false;
  const compact = code.replace(/\s/g, '');
  if (/^[0-9]{6}$/.test(compact)) {
    const step = totpStepOf(user.totpSecret, compact, now);
    return step !== null && claimTotpStep(deps.models, user.id, step);
  }
  return useRecoveryCode(deps.models, user.id, code, now);
}

/** Starts (or starts again) the set-up: a new secret, not in use until a code from it turns it on. */
export async function startTwoFactorSetup(deps: Deps, userId: number): Promise<string> {
  const secret = newTotpSecret();
  const [changed] = await deps.models.User.update(
    { totpSecret: secret, totpLastStep: null },
    { where: { id: userId, totpEnabledAt: null } },
  );
  if (changed !== 1) throw conflict(TEXTS.security.alreadyEnabled);
  return secret;
}

async function newRecoveryCodes(deps: Deps, userId: number, transaction: Transaction, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  const hashes: string[] = [];
  // One at a time: ten argon2 hashes at once would take the whole machine for a moment.
  for (const code of codes) hashes.push(await hashPassword(normaliseRecoveryCode(code) as string));
  await deps.models.RecoveryCode.destroy({ where: { userId }, transaction });
  await deps.models.RecoveryCode.bulkCreate(
    hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })),
    { transaction },
  );
  return codes;
}

/**
 * Turns two-factor sign-in on with a code of the secret from the set-up: proof that the app has it.
 * Answers the ten recovery codes, shown once; only their hashes are kept.
 */
export async function enableTwoFactor(deps: Deps, userId: number, code: string, now = new Date()): Promise<string[]> {
  const user = await deps.models.User.findByPk(userId, { attributes: ['id', 'totpSecret', 'totpEnabledAt'] });
  if (!user) throw validationError();
  if (user.totpEnabledAt) throw conflict(TEXTS.security.alreadyEnabled);
  if (!user.totpSecret) throw conflict(TEXTS.security.setupNotStarted);
  const step = totpStepOf(user.totpSecret, code.replace(/\s/g, ''), now);
  if (step === null) throw validationError(TEXTS.security.codeInvalid, { code: TEXTS.security.codeInvalid });
  const secret = user.totpSecret;
  return writeTransaction(deps.sequelize, async (transaction) => {
    const [changed] = await deps.models.User.update(
      { totpEnabledAt: now, totpLastStep: step },
      { where: { id: userId, totpSecret: secret, totpEnabledAt: null }, transaction },
    );
    if (changed !== 1) throw conflict(TEXTS.security.alreadyEnabled);
    return newRecoveryCodes(deps, userId, transaction, now);
  });
}

/** Turns it off: the password and a code (or a recovery code) both, so neither a stolen session nor a stolen password can. */
export async function disableTwoFactor(deps: Deps, userId: number, input: { password: string; code: string }, now = new Date()): Promise<void> {
  const user = await deps.models.User.findByPk(userId, { attributes: ['id', 'passwordHash', 'totpSecret', 'totpEnabledAt'] });
  if (!user) throw validationError();
  if (!user.totpEnabledAt) throw conflict(TEXTS.security.notEnabled);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw validationError(TEXTS.security.wrongPassword, { password: TEXTS.security.wrongPassword });
  }
  if (!(await verifySecondFactor(deps, user, input.code, now))) {
    throw validationError(TEXTS.security.codeInvalid, { code: TEXTS.security.codeInvalid });
  }
  await writeTransaction(deps.sequelize, async (transaction) => {
    await deps.models.User.update({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }, { where: { id: userId }, transaction });
    await deps.models.RecoveryCode.destroy({ where: { userId }, transaction });
  });
}

/** For scripts that provision operators (CLI `create-user --totp-secret`): on at once, with fresh recovery codes. */
export async function enableTwoFactorWithSecret(deps: Deps, userId: number, secret: string, transaction: Transaction, now = new Date()): Promise<string[]> {
  await deps.models.User.update({ totpSecret: secret, totpEnabledAt: now, totpLastStep: null }, { where: { id: userId }, transaction });
  return newRecoveryCodes(deps, userId, transaction, now);
}

export async function twoFactorStatus(deps: Deps, userId: number): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await deps.models.User.findByPk(userId, { attributes: ['totpEnabledAt'] });
  const enabled = Boolean(user?.totpEnabledAt);
  const recoveryCodesLeft = enabled ? await deps.models.RecoveryCode.count({ where: { userId, usedAt: null } }) : 0;
  return { enabled, recoveryCodesLeft };
}
