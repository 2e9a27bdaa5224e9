import { emailSchema, LIMITS, TEXTS, passwordSchema } from '@hiraku/shared';
import type { z } from 'zod';
import { isCommonPassword } from '../auth/commonPasswords';
import { createAccount } from '../commands/accountCreator';
import type { Env } from '../env';
import { AppError } from '../errors';
import { withDatabase } from './database';

export interface CreateUserOptions {
  email: string;
  password: string;
  username?: string;
  operator?: boolean;
  verified?: boolean;
}

/**
 * `npm run cli -- create-user`: makes a member or operator (the first operator comes from here,
 * docs/decisions.md) with the same rules as sign-up. Every refusal is a Japanese sentence naming the option.
 */
export async function createUserCommand(env: Env, options: CreateUserOptions): Promise<void> {
  const email = check('--email', emailSchema, options.email);
  const password = check('--password', passwordSchema, options.password);
  if (isCommonPassword(password)) fail('--password', TEXTS.account.passwordTooCommon);
  const username = options.username === undefined ? undefined : options.username.trim();
  if (username !== undefined && username.length === 0) fail('--username', TEXTS.profile.usernameRequired);
  if (username !== undefined && Array.from(username).length > LIMITS.usernameMax) fail('--username', TEXTS.profile.usernameTooLong);
  const role = options.operator ? 'operator' : 'member';

  const user = await withDatabase(env, async (db) => {
    try {
      return await createAccount(db, { email, password, role, verified: Boolean(options.verified), username });
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') fail('--email', `${TEXTS.account.emailTaken}（${email}）`);
      throw error;
    }
  });

  const kind = role === 'operator' ? '運営者' : '会員';
  const state = options.verified ? 'メールアドレス確認済み' : 'メールアドレス未確認（確認メールは送信していません）';
  console.info(`${kind}アカウントを作成しました: ${email}（公開ID: ${user.publicId}、${state}）`);
}

function check<S extends z.ZodType>(option: string, schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) fail(option, result.error.issues[0]?.message ?? TEXTS.common.invalidInput);
  return result.data;
}

function fail(option: string, message: string): never {
  throw new Error(`${option}: ${message}`);
}
