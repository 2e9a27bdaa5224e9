import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR, E2E_DATABASE, E2E_MYSQL_URL } from './env';
import { logInThroughApi, type TestMember } from './members';
import { newTotpSecret } from './twoFactor';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

export interface CliUserOptions {
  /** Makes an operator (docs/decisions.md: the first operator comes from the command line). */
  operator?: boolean;
  /** Issue 38: makes an admin (above operator; two-factor as for operators). */
  admin?: boolean;
  /** Also makes a profile with this username, so the account can write reports at once. */
  username?: string;
  /** For an operator: provisioned with two-factor sign-in on (default), or without, to set it up in the test. */
  twoFactor?: boolean;
  /**
   * Issue 35: a member starts past the new members' limits (`--established`) unless the test is about
   * those limits and asks for a new member.
   */
  newMember?: boolean;
}

/**
 * An account with a confirmed address, made by the operators' CLI (`create-user --verified`, and
 * `--established` unless `newMember`) against the
 * same database and data folder as the e2e server: no sign-up mail to wait for.
 */
export async function createUserWithCli(label: string, options: CliUserOptions = {}): Promise<TestMember> {
  const member = { email: `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.jp`, password: 'shiken-you-no-aikotoba' };
  const args = ['--import', 'tsx', 'server/src/cli/index.ts', 'create-user', '--email', member.email, '--password', member.password, '--verified'];
  // Operators must have two-factor sign-in (issue 21): provisioned on, with a secret the test keeps.
  const staff = options.operator || options.admin;
  const totpSecret = staff && options.twoFactor !== false ? newTotpSecret() : undefined;
  if (options.admin) args.push('--admin');
  else if (options.operator) args.push('--operator');
  if (!options.newMember) args.push('--established');
  if (totpSecret) args.push('--totp-secret', totpSecret);
  if (options.username) args.push('--username', options.username);
  try {
    await run(process.execPath, args, {
      cwd: ROOT,
      timeout: 60_000,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: `${E2E_MYSQL_URL}/${E2E_DATABASE}`,
        MEILI_HOST: '',
        LOG_LEVEL: 'warn',
      },
    });
  } catch (error) {
    const output = error instanceof Error && 'stderr' in error ? String(error.stderr) : '';
    throw new Error(`create-user failed for ${member.email}: ${output || String(error)}`, { cause: error });
  }
  return totpSecret ? { ...member, totpSecret } : member;
}

/** An operator, signed in through the API; with `page.request` the browser page is signed in too. */
export async function signedInOperator(request: APIRequestContext, label = 'operator'): Promise<TestMember> {
  const operator = await createUserWithCli(label, { operator: true, username: '運営テスト' });
  await logInThroughApi(request, operator);
  return operator;
}
