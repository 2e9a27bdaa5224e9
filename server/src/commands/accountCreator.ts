import { isOperatorRole, TEXTS } from '@hiraku/shared';
import { UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { hashPassword } from '../auth/password';
import { conflict } from '../errors';
import type { Models, User, UserRole } from '../models';
import { writeTransaction } from '../db/transaction';
import { signupStageColumns } from './memberStage';

export interface NewAccount {
  /** Already validated and lower-cased. */
  email: string;
  password: string;
  role?: UserRole;
  verified?: boolean;
  /** A profile is made too when given (validated by the caller). */
  username?: string;
  /**
   * Issue 35: `new` (sign-up, and `create-user` unless told otherwise) starts the member's first days with
   * the new members' limits; `established` (`create-user --established`) starts past them.
   */
  stage?: 'new' | 'established';
}

/**
 * Creates a member (and optionally their profile) in one transaction. A taken address answers 409
 * `emailTaken`; the sign-up route never lets that reach the visitor.
 */
export async function createAccount(
  deps: { models: Models; sequelize: Sequelize },
  account: NewAccount,
  { now = new Date(), transaction }: { now?: Date; transaction?: Transaction } = {},
): Promise<User> {
  const passwordHash = await hashPassword(account.password);
  const create = async (t: Transaction) => {
    const user = await deps.models.User.create(
      {
        email: account.email,
        passwordHash,
        role: account.role ?? 'member',
        emailVerifiedAt: account.verified ? now : null,
        adultAttestedAt: now,
        ...(account.stage === 'established' || isOperatorRole(account.role) ? {} : signupStageColumns(now)),
      },
      { transaction: t },
    );
    if (account.username !== undefined) {
      user.profile = await deps.models.Profile.create({ userId: user.id, username: account.username }, { transaction: t });
    }
    return user;
  };
  try {
    return transaction ? await create(transaction) : await writeTransaction(deps.sequelize, create);
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw conflict(TEXTS.account.emailTaken);
    throw error;
  }
}
