import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LIMITS, TEXTS } from '@hiraku/shared';
import { verifyPassword } from '../auth/password';
import { parseEnv, type Env } from '../env';
import { initModels, type Models } from '../models';
import { createTestDatabase, type TestDatabase } from '../../test/support/db';
import { createUserCommand } from './createUser';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

describe('create-user (CLI)', () => {
  let db: TestDatabase;
  let dataDir: string;
  let env: Env;
  let info: jest.SpyInstance;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-cli-'));
    env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
  });
  beforeEach(() => {
    info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => info.mockRestore());
  /** The command binds the model classes to its own (then closed) connection: bind them back to ours before reading. */
  const models = (): Models => initModels(db.sequelize);
  afterAll(async () => {
    await db.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('creates a verified operator with a profile, and says so in Japanese', async () => {
    await createUserCommand(env, { email: 'Admin@Example.com', password: 'unei-no-kagi-2024', username: '  運営チーム  ', operator: true, verified: true });
    const { User, Profile } = models();
    const user = await User.findOne({ where: { email: 'admin@example.com' }, include: [{ model: Profile, as: 'profile' }] });
    expect(user?.role).toBe('operator');
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(user?.adultAttestedAt).toBeInstanceOf(Date);
    expect(user?.profile?.username).toBe('運営チーム');
    expect(await verifyPassword(user?.passwordHash ?? '', 'unei-no-kagi-2024')).toBe(true);
    expect(info).toHaveBeenCalledWith(expect.stringContaining(`運営者アカウントを作成しました: admin@example.com（公開ID: ${user?.publicId}、メールアドレス確認済み）`));
  });

  it('makes a member in the new stage by default, and past it with --established (issue 35)', async () => {
    await createUserCommand(env, { email: 'atarashii@example.com', password: 'atarashii-kagi-2024', verified: true });
    await createUserCommand(env, { email: 'joren@example.com', password: 'joren-no-kagi-2024', verified: true, established: true });
    const { User } = models();
    const fresh = await User.findOne({ where: { email: 'atarashii@example.com' } });
    expect(fresh?.newStageReason).toBe('signup');
    expect(fresh?.newStageUntil?.getTime()).toBeGreaterThan(Date.now() + (LIMITS.newMemberDays - 1) * 86_400_000);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('新規メンバー'));
    const established = await User.findOne({ where: { email: 'joren@example.com' } });
    expect(established?.newStageUntil).toBeNull();
  });

  it('creates an operator with two-factor sign-in on from --totp-secret and prints ten recovery codes, stored hashed', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await createUserCommand(env, { email: 'unei2@example.com', password: 'unei-no-kagi-2025', operator: true, verified: true, totpSecret: secret.toLowerCase() });
    const { User, RecoveryCode } = models();
    const user = await User.findOne({ where: { email: 'unei2@example.com' } });
    expect(user?.totpSecret).toBe(secret);
    expect(user?.totpEnabledAt).toBeInstanceOf(Date);
    const printed = info.mock.calls.map(([line]) => String(line).trim()).filter((line) => /^[2-9A-Z]{5}-[2-9A-Z]{5}$/.test(line));
    expect(printed).toHaveLength(LIMITS.recoveryCodeCount);
    const stored = await RecoveryCode.findAll({ where: { userId: user?.id } });
    expect(stored).toHaveLength(LIMITS.recoveryCodeCount);
    expect(await verifyPassword(stored[0]?.codeHash ?? '', '')).toBe(false);
    const matches = await Promise.all(printed.map(async (code) => (await Promise.all(stored.map((row) => verifyPassword(row.codeHash, code.replace('-', ''))))).some(Boolean)));
    expect(matches.every(Boolean)).toBe(true);
  });

  it('creates an admin with --admin (issue 38), says so, and asks for two-factor sign-in as for operators', async () => {
    await createUserCommand(env, { email: 'kanri@example.com', password: 'kanri-no-kagi-2026', admin: true, verified: true });
    const user = await models().User.findOne({ where: { email: 'kanri@example.com' } });
    expect(user?.role).toBe('admin');
    expect(user?.newStageUntil).toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('管理者アカウントを作成しました'));
    expect(info).toHaveBeenCalledWith(expect.stringContaining('二段階認証を有効にしてください'));
  });

  it('refuses --operator with --admin, creating nothing', async () => {
    await expect(createUserCommand(env, { email: 'kanri2@example.com', password: 'kanri-no-kagi-2027', admin: true, operator: true })).rejects.toThrow(/^--admin: /);
    expect(await models().User.count({ where: { email: 'kanri2@example.com' } })).toBe(0);
  });

  it('refuses a --totp-secret that is not base32, creating nothing', async () => {
    await expect(createUserCommand(env, { email: 'unei3@example.com', password: 'unei-no-kagi-2026', operator: true, totpSecret: 'not base32 at all 0189' })).rejects.toThrow(
      /^--totp-secret: /,
    );
    expect(await models().User.count({ where: { email: 'unei3@example.com' } })).toBe(0);
  });

  it('creates an unverified member without a profile by default', async () => {
    await createUserCommand(env, { email: 'member@example.com', password: 'kaiin-no-kagi-2024' });
    const { User, Profile } = models();
    const user = await User.findOne({ where: { email: 'member@example.com' } });
    expect(user?.role).toBe('member');
    expect(user?.emailVerifiedAt).toBeNull();
    expect(await Profile.count({ where: { userId: user?.id } })).toBe(0);
  });

  it.each([
    ['a taken address (in any case)', { email: 'ADMIN@example.com', password: 'betsu-no-kagi-2024' }, `--email: ${TEXTS.account.emailTaken}（admin@example.com）`],
    ['a malformed address', { email: 'admin@', password: 'betsu-no-kagi-2024' }, `--email: ${TEXTS.account.emailInvalid}`],
    ['a short password', { email: 'x@example.com', password: 'short' }, `--password: ${TEXTS.account.passwordTooShort}`],
    ['a common password', { email: 'x@example.com', password: 'password123' }, `--password: ${TEXTS.account.passwordTooCommon}`],
    ['a blank username', { email: 'x@example.com', password: 'betsu-no-kagi-2024', username: '   ' }, `--username: ${TEXTS.profile.usernameRequired}`],
    ['a long username', { email: 'x@example.com', password: 'betsu-no-kagi-2024', username: 'あ'.repeat(21) }, `--username: ${TEXTS.profile.usernameTooLong}`],
  ])('refuses %s with a clear message and creates nothing', async (_label, options, message) => {
    const count = await models().User.count();
    await expect(createUserCommand(env, options)).rejects.toThrow(message);
    expect(await models().User.count()).toBe(count);
  });

  it('works from the real command line: exit 0 on success, exit 1 with the Japanese reason on failure', async () => {
    const childEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: db.url, LOG_LEVEL: 'silent' };
    const args = ['--import', 'tsx', 'server/src/cli/index.ts', 'create-user', '--email', 'cli@example.com', '--password', 'komando-no-kagi-1', '--verified'];
    const ok = await run(process.execPath, args, { cwd: ROOT, env: childEnv });
    expect(ok.stdout).toContain('会員アカウントを作成しました: cli@example.com');

    const failure = await run(process.execPath, args, { cwd: ROOT, env: childEnv }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(`--email: ${TEXTS.account.emailTaken}（cli@example.com）`);
    expect(await models().User.count({ where: { email: 'cli@example.com' } })).toBe(1);
  });
});
