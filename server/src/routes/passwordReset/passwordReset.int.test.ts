import { LIMITS, TEXTS, TIMINGS } from '@hiraku/shared';
import { hashSecretToken } from '../../auth/secretTokens';
import { issueOneTimeToken } from '../../commands/oneTimeTokens';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createHttpClient } from '../../../test/support/httpClient';
import { linkIn, type ReceivedMail } from '../../../test/support/mailbox';
import { createMemberWithPassword, logIn, signedInMember } from '../../../test/support/session';

describe('/api/password-reset', () => {
  let app: TestAppWithMail;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  const NEW_PASSWORD = 'atarashii-himo-99';
  const forgot = (email: string) => createHttpClient(app.baseUrl).post('/api/password-reset/forgot-password', { email });
  const reset = (body: unknown) => createHttpClient(app.baseUrl).post('/api/password-reset/reset-password', body);
  const newMails = async (before: ReceivedMail[]) => {
    const seen = new Set(before.map((m) => m.file));
    return (await app.mails()).filter((m) => !seen.has(m.file));
  };
  const invalidToken = { error: 'validation_error', message: TEXTS.account.resetInvalidToken, fields: { token: TEXTS.account.resetInvalidToken } };

  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const member = await createMemberWithPassword();
    const before = await app.mails();

    const unknown = await forgot('nobody-here@example.com');
    const known = await forgot(member.email);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ message: TEXTS.account.forgotPasswordSent });
    expect(known.body).toEqual(unknown.body);

    const mail = await app.nextMailTo(member.email, { seen: before });
    expect(mail.subject).toBe('【ひらく】パスワード再設定のご案内');
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(app.services.env.publicUrl);
    const token = link.searchParams.get('token') ?? '';
    const row = await app.services.models.OneTimeToken.findOne({ where: { userId: member.id, purpose: 'reset_password' } });
    expect(row?.tokenHash).toBe(hashSecretToken(token));
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - Date.now() - TIMINGS.passwordResetTtlSec * 1000)).toBeLessThan(60_000);
    // The unknown address's request came first; nothing was sent for it.
    expect((await newMails(before)).map((m) => m.to)).toEqual([member.email]);
  });

  it('sends nothing for a suspended member', async () => {
    const suspended = await createMemberWithPassword({ suspendedAt: new Date() });
    const member = await createMemberWithPassword();
    const before = await app.mails();
    expect((await forgot(suspended.email)).body).toEqual({ message: TEXTS.account.forgotPasswordSent });
    await forgot(member.email);
    await app.nextMailTo(member.email, { seen: before });
    expect((await newMails(before)).map((m) => m.to)).toEqual([member.email]);
  });

  it('refuses a malformed address', async () => {
    const res = await forgot('not-an-address');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message: TEXTS.account.emailInvalid });
  });

  describe('reset failures (nothing changes)', () => {
    it('refuses a missing, unknown, expired or wrong-purpose token', async () => {
      const member = await createMemberWithPassword();
      const expired = await issueOneTimeToken(app.services.models, member.id, 'reset_password', { now: new Date(Date.now() - 2 * 3600 * 1000) });
      const verifyToken = await issueOneTimeToken(app.services.models, member.id, 'verify_email');
      for (const token of [undefined, '', 'no-such-token', expired, verifyToken]) {
        const res = await reset({ token, newPassword: NEW_PASSWORD });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'validation_error', message: TEXTS.account.resetInvalidToken });
      }
      await logIn(createHttpClient(app.baseUrl), member.email, member.password);
    });

    it('applies the sign-up password rules without using up the link', async () => {
      const member = await createMemberWithPassword();
      const token = await issueOneTimeToken(app.services.models, member.id, 'reset_password');
      const short = await reset({ token, newPassword: 'a1b2' });
      expect(short.status).toBe(400);
      expect(short.body).toEqual({ error: 'validation_error', message: TEXTS.account.passwordTooShort, fields: { newPassword: TEXTS.account.passwordTooShort } });
      const common = await reset({ token, newPassword: 'qwerty123' });
      expect(common.status).toBe(400);
      expect(common.body).toEqual({ error: 'validation_error', message: TEXTS.account.passwordTooCommon, fields: { newPassword: TEXTS.account.passwordTooCommon } });
      await logIn(createHttpClient(app.baseUrl), member.email, member.password);

      expect((await reset({ token, newPassword: NEW_PASSWORD })).status).toBe(200);
    });

    it('accepts a link only once, and an older link dies with a newer one', async () => {
      const member = await createMemberWithPassword();
      const older = await issueOneTimeToken(app.services.models, member.id, 'reset_password');
      const newer = await issueOneTimeToken(app.services.models, member.id, 'reset_password');
      const ok = await reset({ token: newer, newPassword: NEW_PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: TEXTS.account.resetSucceeded });
      expect((await reset({ token: newer, newPassword: 'yet-another-pass-1' })).body).toEqual(invalidToken);
      expect((await reset({ token: older, newPassword: 'yet-another-pass-1' })).body).toEqual(invalidToken);
      await logIn(createHttpClient(app.baseUrl), member.email, NEW_PASSWORD);
    });
  });

  it('lifts a lock-out: the mailed link sets a new password that works at once', async () => {
    const member = await createMemberWithPassword();
    const client = createHttpClient(app.baseUrl);
    for (let i = 0; i < LIMITS.failedLoginsToLock; i += 1) {
      await client.post('/api/auth/login', { email: member.email, password: 'wrong-password-123' });
    }
    const locked = await client.post('/api/auth/login', { email: member.email, password: member.password });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ error: 'account_locked', redirectUrl: '/forgot-password' });

    const before = await app.mails();
    await forgot(member.email);
    const token = linkIn(await app.nextMailTo(member.email, { seen: before }), '/reset-password').searchParams.get('token');
    expect((await reset({ token, newPassword: NEW_PASSWORD })).status).toBe(200);

    expect((await client.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
    await logIn(client, member.email, NEW_PASSWORD);
  });

  it('marks the address verified: the member has just read a mail sent to it', async () => {
    const member = await createMemberWithPassword({ emailVerifiedAt: null });
    const token = await issueOneTimeToken(app.services.models, member.id, 'reset_password');
    expect((await reset({ token, newPassword: NEW_PASSWORD })).status).toBe(200);
    await member.reload();
    expect(member.emailVerifiedAt).toBeInstanceOf(Date);
    await logIn(createHttpClient(app.baseUrl), member.email, NEW_PASSWORD);
  });

  it('ends every session of the member', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const otherDevice = createHttpClient(app.baseUrl);
    await logIn(otherDevice, user.email, user.password);
    const token = await issueOneTimeToken(app.services.models, user.id, 'reset_password');
    expect((await reset({ token, newPassword: NEW_PASSWORD })).status).toBe(200);
    for (const device of [client, otherDevice]) {
      expect((await device.get('/api/auth/me')).status).toBe(401);
      expect((await device.post('/api/auth/refresh')).status).toBe(401);
    }
  });
});
