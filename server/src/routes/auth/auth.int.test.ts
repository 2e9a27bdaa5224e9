import { COOKIE_NAMES, LIMITS, TEXTS, TIMINGS } from '@hiraku/shared';
import { hashSecretToken } from '../../auth/secretTokens';
import { REFRESH_REUSE_GRACE_MS } from '../../auth/sessions';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createHttpClient } from '../../../test/support/httpClient';
import { linkIn } from '../../../test/support/mailbox';
import { createMemberWithPassword, logIn, signedInMember, TEST_PASSWORD } from '../../../test/support/session';
import { Op } from 'sequelize';
import { User } from '../../models';

describe('accounts and sessions: /api/signup, /api/auth', () => {
  let app: TestAppWithMail;
  beforeAll(async () => {
    // The limits have their own test; here they must not get in the way of many logins from 127.0.0.1.
    // TRUSTED_PROXIES: requests may name the client's address in X-Forwarded-For, as a proxy would.
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000', TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => app.close());

  const cookieLine = (lines: string[], name: string) => lines.find((line) => line.startsWith(`${name}=`)) ?? '';

  it('signs up, verifies by mail, logs in, checks the session, refreshes and logs out', async () => {
    const client = createHttpClient(app.baseUrl);
    const before = await app.mails();

    const signup = await client.post('/api/signup', { email: ' Hanako@Example.COM ', password: TEST_PASSWORD, agreedToTerms: true });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ message: TEXTS.account.signupSucceeded });

    const stored = await User.findOne({ where: { email: 'hanako@example.com' } });
    expect(stored).not.toBeNull();
    expect(stored?.emailVerifiedAt).toBeNull();
    expect(stored?.adultAttestedAt).toBeInstanceOf(Date);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.tutorialPending).toBe(true);

    // Not verified yet: the login is refused with the page that can resend the mail.
    const early = await client.post('/api/auth/login', { email: 'hanako@example.com', password: TEST_PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ error: 'email_not_verified', message: TEXTS.account.emailNotVerified, redirectUrl: '/verify-email?resend=1' });

    const mail = await app.nextMailTo('hanako@example.com', { seen: before });
    expect(mail.subject).toBe('【ひらく】メールアドレスの確認をお願いします');
    expect(mail.text).toContain('ひらくにご登録いただきありがとうございます。');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(app.services.env.publicUrl);
    const token = link.searchParams.get('token') ?? '';
    // Only the hash is stored, valid for 24 hours.
    const tokenRow = await app.services.models.OneTimeToken.findOne({ where: { userId: stored?.id, purpose: 'verify_email' } });
    expect(tokenRow?.tokenHash).toBe(hashSecretToken(token));
    expect(tokenRow?.tokenHash).not.toContain(token);
    expect(Math.abs((tokenRow?.expiresAt.getTime() ?? 0) - Date.now() - TIMINGS.verifyEmailTtlSec * 1000)).toBeLessThan(60_000);

    // The verification page calls the API without credentials.
    const verify = await fetch(`${app.baseUrl}/api/signup/verify-email?token=${encodeURIComponent(token)}`);
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ message: TEXTS.account.verifySucceeded });

    const login = await client.post('/api/auth/login', { email: 'HANAKO@example.com', password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ publicId: stored?.publicId, tutorial: true, role: 'member', twoFactor: false, message: TEXTS.account.loginSucceeded });
    const access = cookieLine(login.setCookies, COOKIE_NAMES.access);
    const refresh = cookieLine(login.setCookies, COOKIE_NAMES.refresh);
    expect(access).toMatch(/; path=\/;/);
    expect(access).toMatch(/samesite=lax/);
    expect(access).toMatch(/httponly/);
    expect(access).not.toMatch(/secure/);
    const accessExpires = Date.parse(/expires=([^;]+)/.exec(access)?.[1] ?? '');
    expect(accessExpires - Date.now()).toBeLessThanOrEqual(TIMINGS.accessTokenTtlSec * 1000 + 1000);
    expect(accessExpires - Date.now()).toBeGreaterThan(TIMINGS.accessTokenTtlSec * 1000 - 60_000);
    expect(refresh).toMatch(/; path=\/api\/auth;/);
    expect(refresh).toMatch(/httponly/);
    expect(refresh).toMatch(/samesite=lax/);

    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ publicId: stored?.publicId, tutorial: true, role: 'member', twoFactor: false });
    expect(me.headers.get('cache-control')).toBe('no-store');

    const oldRefresh = client.cookie(COOKIE_NAMES.refresh);
    const refreshed = await client.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ publicId: stored?.publicId, tutorial: true, role: 'member', twoFactor: false });
    expect(cookieLine(refreshed.setCookies, COOKIE_NAMES.access)).toMatch(/httponly/);
    expect(client.cookie(COOKIE_NAMES.refresh)).not.toBe(oldRefresh);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    // The refresh token is stored only as its hash.
    const links = await app.services.models.RefreshToken.findAll({ where: { userId: stored?.id }, order: [['id', 'ASC']] });
    expect(links).toHaveLength(2);
    expect(links.map((l) => l.tokenHash)).toEqual([hashSecretToken(oldRefresh ?? ''), hashSecretToken(client.cookie(COOKIE_NAMES.refresh) ?? '')]);

    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ message: TEXTS.account.logoutSucceeded });
    expect(client.cookie(COOKIE_NAMES.access)).toBeUndefined();
    expect(client.cookie(COOKIE_NAMES.refresh)).toBeUndefined();
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const afterLogout = await client.post('/api/auth/refresh');
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body).toEqual({ error: 'authentication_required', message: TEXTS.account.sessionInvalid });
  });

  it('ends the session at once on logout, even for a copy of the access cookie', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const copy = client.clone();
    expect((await copy.get('/api/auth/me')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const me = await copy.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: 'authentication_required', message: TEXTS.common.unauthorized });
  });

  it('finds the member of a request in one statement that reads neither the password hash nor the e-mail address', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const statements: string[] = [];
    // Sequelize's hook types leave out the statement the query object carries.
    const record = (_options: unknown, query: unknown) => {
      const { sql } = query as { sql?: string };
      if (sql) statements.push(sql);
    };
    app.services.sequelize.addHook('afterQuery', 'sessionLookupProbe', record);
    try {
      const me = await client.get('/api/auth/me');
      expect(me.status).toBe(200);
    } finally {
      app.services.sequelize.removeHook('afterQuery', 'sessionLookupProbe');
    }
    const memberReads = statements.filter((sql) => /FROM `users`/i.test(sql));
    expect(memberReads).toHaveLength(1);
    expect(memberReads[0]).not.toMatch(/password_hash|`email`/);
    expect(memberReads[0]).toMatch(/refresh_tokens/);
  });

  it('answers logout with 200 when nobody is logged in', async () => {
    const res = await createHttpClient(app.baseUrl).post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.account.logoutSucceeded });
  });

  it('answers /me with 401 without a session or with a forged access cookie', async () => {
    const client = createHttpClient(app.baseUrl);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    const { client: member } = await signedInMember(app.baseUrl);
    const [payload, signature] = (member.cookie(COOKIE_NAMES.access) ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { userId: number };
    const other = await createMemberWithPassword();
    const forged = Buffer.from(JSON.stringify({ ...claims, userId: other.id })).toString('base64url');
    member.setCookie(COOKIE_NAMES.access, `${forged}.${signature}`);
    expect((await member.get('/api/auth/me')).status).toBe(401);
  });

  describe('login refusals', () => {
    it('gives the same answer for an unknown address and a wrong password, after the same password work', async () => {
      const member = await createMemberWithPassword();
      const client = createHttpClient(app.baseUrl);
      const timed = async (email: string) => {
        const started = performance.now();
        const res = await client.post('/api/auth/login', { email, password: 'wrong-password-123' });
        return { res, ms: performance.now() - started };
      };
      const unknown = [await timed('nobody@example.com'), await timed('nobody@example.com'), await timed('nobody@example.com')];
      const wrong = [await timed(member.email), await timed(member.email), await timed(member.email)];
      for (const { res } of [...unknown, ...wrong]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'authentication_required', message: TEXTS.account.invalidCredentials });
        expect(res.setCookies.filter((line) => line.startsWith(COOKIE_NAMES.access))).toEqual([]);
      }
      // An unknown address still costs an argon2 verification: far from the few ms of a bare lookup.
      const median = (xs: Array<{ ms: number }>) => xs.map((x) => x.ms).sort((a, b) => a - b)[1] ?? 0;
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.3);
    });

    it('refuses malformed input with field messages', async () => {
      const client = createHttpClient(app.baseUrl);
      const empty = await client.post('/api/auth/login', {});
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        error: 'validation_error',
        fields: { email: TEXTS.account.emailRequired, password: TEXTS.account.passwordRequired },
      });
      const bad = await client.post('/api/auth/login', { email: 'not-an-address', password: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'validation_error', message: TEXTS.account.emailInvalid });
    });

    it('refuses a suspended member with 403 and a way back to the top page, but only with the right password', async () => {
      const member = await createMemberWithPassword({ suspendedAt: new Date() });
      const client = createHttpClient(app.baseUrl);
      const res = await client.post('/api/auth/login', { email: member.email, password: member.password });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'account_suspended', message: TEXTS.account.accountSuspended, redirectUrl: '/' });
      expect(client.cookie(COOKIE_NAMES.access)).toBeUndefined();
      const guess = await client.post('/api/auth/login', { email: member.email, password: 'wrong-password-123' });
      expect(guess.status).toBe(401);
    });

    it('ends the sessions of a member who is suspended while logged in', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      await User.update({ suspendedAt: new Date() }, { where: { id: user.id } });
      expect((await client.get('/api/auth/me')).status).toBe(401);
      const refresh = await client.post('/api/auth/refresh');
      expect(refresh.status).toBe(403);
      expect(refresh.body).toMatchObject({ error: 'account_suspended', message: TEXTS.account.accountSuspended });
    });

    it(`locks the account for 24 hours at the address that failed ${LIMITS.failedLoginsToLock} times in a row`, async () => {
      const member = await createMemberWithPassword();
      const client = createHttpClient(app.baseUrl);
      for (let i = 1; i < LIMITS.failedLoginsToLock; i += 1) {
        const res = await client.post('/api/auth/login', { email: member.email, password: `wrong-password-${i}` });
        expect(res.status).toBe(401);
      }
      const locking = await client.post('/api/auth/login', { email: member.email, password: 'wrong-password-5' });
      expect(locking.status).toBe(403);
      expect(locking.body).toEqual({ error: 'account_locked', message: TEXTS.account.accountLocked, redirectUrl: '/forgot-password' });

      // Even the right password is refused from there while the lock lasts.
      const right = await client.post('/api/auth/login', { email: member.email, password: member.password });
      expect(right.status).toBe(403);
      expect(right.body).toMatchObject({ error: 'account_locked' });
    });

    it('lets nobody lock a member out: failures from another address leave the member able to log in', async () => {
      const member = await createMemberWithPassword();
      // TRUSTED_PROXIES=127.0.0.1: the test client plays the proxy and names the attacker's address.
      const attacker = createHttpClient(app.baseUrl);
      const from = { headers: { 'x-forwarded-for': '203.0.113.66' } };
      for (let i = 0; i < LIMITS.failedLoginsToLock; i += 1) await attacker.post('/api/auth/login', { email: member.email, password: `guess-${i}` }, from);
      expect((await attacker.post('/api/auth/login', { email: member.email, password: member.password }, from)).status).toBe(403);
      await logIn(createHttpClient(app.baseUrl), member.email, member.password);
    });

    it('answers an unregistered address exactly as a registered one, lock included', async () => {
      const member = await createMemberWithPassword();
      const answers = async (email: string, address: string) => {
        const client = createHttpClient(app.baseUrl);
        const seen: unknown[] = [];
        for (let i = 0; i <= LIMITS.failedLoginsToLock; i += 1) {
          const res = await client.post('/api/auth/login', { email, password: `wrong-password-${i}` }, { headers: { 'x-forwarded-for': address } });
          seen.push([res.status, res.body]);
        }
        return seen;
      };
      expect(await answers('nobody-here@example.com', '198.51.100.21')).toEqual(await answers(member.email, '198.51.100.22'));
    });

    it('counts only consecutive failures: a successful login resets the count', async () => {
      const member = await createMemberWithPassword();
      const client = createHttpClient(app.baseUrl);
      const wrong = () => client.post('/api/auth/login', { email: member.email, password: 'wrong-password-123' });
      for (let i = 0; i < LIMITS.failedLoginsToLock - 1; i += 1) expect((await wrong()).status).toBe(401);
      await logIn(client, member.email, member.password);
      for (let i = 0; i < LIMITS.failedLoginsToLock - 1; i += 1) expect((await wrong()).status).toBe(401);
      expect((await wrong()).status).toBe(403);
    });
  });

  describe('refresh', () => {
    it('answers 401 without a refresh cookie or with an unknown one', async () => {
      const client = createHttpClient(app.baseUrl);
      const missing = await client.post('/api/auth/refresh');
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ error: 'authentication_required', message: TEXTS.account.sessionInvalid });
      client.setCookie(COOKIE_NAMES.refresh, 'made-up-token', '/api/auth');
      expect((await client.post('/api/auth/refresh')).status).toBe(401);
    });

    it('keeps the fixed 14-day end of the session through rotations, and refuses after it', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      const [first] = await app.services.models.RefreshToken.findAll({ where: { userId: user.id } });
      expect(Math.abs((first?.familyExpiresAt.getTime() ?? 0) - Date.now() - TIMINGS.sessionMaxAgeSec * 1000)).toBeLessThan(60_000);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      const links = await app.services.models.RefreshToken.findAll({ where: { userId: user.id } });
      expect(new Set(links.map((l) => l.familyExpiresAt.getTime()))).toEqual(new Set([first?.familyExpiresAt.getTime()]));

      await app.services.models.RefreshToken.update(
        { familyExpiresAt: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() - 1000) },
        { where: { userId: user.id } },
      );
      const expired = await client.post('/api/auth/refresh');
      expect(expired.status).toBe(401);
      expect(client.cookie(COOKIE_NAMES.refresh)).toBeUndefined();
      // The access token of an ended family is no good either.
      expect((await client.get('/api/auth/me')).status).toBe(401);
    });

    it('revokes the whole family when a refresh token is used a second time', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      const thief = client.clone();

      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      expect((await client.get('/api/auth/me')).status).toBe(200);

      // The copied (already used) refresh token comes back after the grace window for simultaneous tabs
      // (moved into the past here rather than waited for): that is theft or a replay.
      await app.services.models.RefreshToken.update(
        { usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1_000) },
        { where: { tokenHash: hashSecretToken(thief.cookie(COOKIE_NAMES.refresh) ?? '') } },
      );
      const replay = await thief.post('/api/auth/refresh');
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ error: 'authentication_required', message: TEXTS.account.sessionInvalid });
      expect(thief.cookie(COOKIE_NAMES.refresh)).toBeUndefined();

      const links = await app.services.models.RefreshToken.findAll({ where: { userId: user.id } });
      expect(links.length).toBeGreaterThan(1);
      expect(links.every((l) => l.revokedAt !== null)).toBe(true);
      // The member's newer tokens stop working too, access and refresh alike.
      expect((await client.get('/api/auth/me')).status).toBe(401);
      expect((await client.post('/api/auth/refresh')).status).toBe(401);
      // A new login starts a new family.
      await logIn(client, user.email, user.password);
      expect((await client.get('/api/auth/me')).status).toBe(200);
    });

    it('gives two tabs refreshing with the same token at the same moment the same new session', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      const tabs = [client, client.clone(), client.clone()];
      const answers = await Promise.all(tabs.map((tab) => tab.post('/api/auth/refresh')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const tokens = new Set(tabs.map((tab) => tab.cookie(COOKIE_NAMES.refresh)));
      expect(tokens.size).toBe(1);
      for (const tab of tabs) expect((await tab.get('/api/auth/me')).status).toBe(200);
      // One rotation was stored, and nothing was revoked.
      const links = await app.services.models.RefreshToken.findAll({ where: { userId: user.id }, order: [['id', 'ASC']] });
      expect(links.map((link) => [link.usedAt !== null, link.revokedAt])).toEqual([
        [true, null],
        [false, null],
      ]);
      // The session goes on: the shared new token rotates as usual.
      expect((await tabs[1]!.post('/api/auth/refresh')).status).toBe(200);
      expect((await tabs[1]!.get('/api/auth/me')).status).toBe(200);
    });

    it('leads a token sent again within the window to the newest session; after the window it revokes the family', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      const first = client.cookie(COOKIE_NAMES.refresh) ?? '';
      const late = client.clone();
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      expect((await client.post('/api/auth/refresh')).status).toBe(200);
      // A tab still holding the first token, a moment later: it catches up with the second rotation.
      expect((await late.post('/api/auth/refresh')).status).toBe(200);
      expect(late.cookie(COOKIE_NAMES.refresh)).toBe(client.cookie(COOKIE_NAMES.refresh));
      expect((await late.get('/api/auth/me')).status).toBe(200);

      // The first token once more, after the window: reuse, and the family ends for everyone.
      await app.services.models.RefreshToken.update({ usedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1_000) }, { where: { userId: user.id, usedAt: { [Op.ne]: null } } });
      const stale = createHttpClient(app.baseUrl);
      stale.setCookie(COOKIE_NAMES.refresh, first, '/api/auth');
      expect((await stale.post('/api/auth/refresh')).status).toBe(401);
      expect((await client.get('/api/auth/me')).status).toBe(401);
      expect((await client.post('/api/auth/refresh')).status).toBe(401);
      const links = await app.services.models.RefreshToken.findAll({ where: { userId: user.id } });
      expect(links.every((link) => link.revokedAt !== null)).toBe(true);
    });
  });
});
