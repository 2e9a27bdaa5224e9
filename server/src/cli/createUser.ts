import { emailSchema, isOperatorRole, LIMITS, TEXTS, passwordSchema } from '@hiraku/shared';
import type { z } from 'zod';
import { isCommonPassword } from '../auth/commonPasswords';
import { isTotpSecret } from '../auth/totp';
import { createAccount } from '../commands/accountCreator';
import { enableTwoFactorWithSecret } from '../commands/twoFactor';
import { writeTransaction } from '../db/transaction';
import type { Env } from '../env';
import { AppError } from '../errors';
import { withDatabase } from './database';

const TOTP_SECRET_FORMAT = '二段階認証の秘密鍵は、16〜64文字のBase32（A〜Zと2〜7）で指定してください。';

export interface CreateUserOptions {
  email: string;
  password: string;
  username?: string;
  operator?: boolean;
  /** Issue 38: an admin (above operator: the disclosure export, admins' roles, 要相談 cases). Two-factor as for operators. */
  admin?: boolean;
  verified?: boolean;
  /** Past the new members' stage from the start: tests, demo data and provisioning scripts. */
  established?: boolean;
  /** Base32: the account starts with two-factor sign-in on (scripts and tests that provision operators). */
  totpSecret?: string;
}

/**
 * `npm run cli -- create-user`: makes a member, operator or admin (`--admin`, issue 38) (the first operator comes from here,
 * docs/decisions.md) with the same rules as sign-up. Every refusal is a Japanese sentence naming the option.
 */
export async function createUserCommand(env: Env, options: CreateUserOptions): Promise<void> {
  const email = check('--email', emailSchema, options.email);
  const password = check('--password', passwordSchema, options.password);
  if (isCommonPassword(password)) fail('--password', TEXTS.account.passwordTooCommon);
  const username = options.username === undefined ? undefined : options.username.trim();
  if (username !== undefined && username.length === 0) fail('--username', TEXTS.profile.usernameRequired);
  if (username !== undefined && Array.from(username).length > LIMITS.usernameMax) fail('--username', TEXTS.profile.usernameTooLong);
  if (options.operator && options.admin) fail('--admin', '--operator と --admin は同時に指定できません。管理者は運営者の機能もすべて使えます。');
  const role = options.admin ? 'admin' : options.operator ? 'operator' : 'member';

  const totpSecret = options.totpSecret === undefined ? undefined : options.totpSecret.replace(/\s/g, '').toUpperCase();
  if (totpSecret !== undefined && !isTotpSecret(totpSecret)) fail('--totp-secret', TOTP_SECRET_FORMAT);

  const { user, recoveryCodes } = await withDatabase(env, async (db) => {
    try {
      // One transaction: an operator never exists, even for a moment, without the second factor asked for.
      return await writeTransaction(db.sequelize, async (transaction) => {
        const created = await createAccount(db, { email, password, role, verified: Boolean(options.verified), username, stage: options.established ? 'established' : 'new' }, { transaction });
        const codes = totpSecret ? await enableTwoFactorWithSecret(db, created.id, totpSecret, transaction) : [];
        return { user: created, recoveryCodes: codes };
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') fail('--email', `${TEXTS.account.emailTaken}（${email}）`);
      throw error;
    }
  });

  const kind = role === 'admin' ? '管理者' : role === 'operator' ? '運営者' : '会員';
  const state = options.verified ? 'メールアドレス確認済み' : 'メールアドレス未確認（確認メールは送信していません）';
  // Operators are never held back by the new members' limits (commands/memberStage.ts).
  const stage = isOperatorRole(role) || options.established ? '' : `、新規メンバー（${LIMITS.newMemberDays}日間の制限あり。なしで作るには --established）`;
  console.info(`${kind}アカウントを作成しました: ${email}（公開ID: ${user.publicId}、${state}${stage}）`);
  if (recoveryCodes.length > 0) {
    console.info('二段階認証を有効にしました。次のリカバリーコードは一度だけ表示します。安全な場所に保管してください:');
    for (const code of recoveryCodes) console.info(`  ${code}`);
  } else if (isOperatorRole(role)) {
    console.info(`${kind}の機能を使うには、ログイン後に設定画面で二段階認証を有効にしてください（--totp-secret で作成時に有効にもできます）。`);
  }
}

function check<S extends z.ZodType>(option: string, schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) fail(option, result.error.issues[0]?.message ?? TEXTS.common.invalidInput);
  return result.data;
}

function fail(option: string, message: string): never {
  throw new Error(`${option}: ${message}`);
}
