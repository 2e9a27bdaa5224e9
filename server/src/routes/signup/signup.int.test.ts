import { TEXTS } from '@hiraku/shared';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createHttpClient } from '../../../test/support/httpClient';
import { linkIn, type ReceivedMail } from '../../../test/support/mailbox';
import { createMemberWithPassword, logIn, TEST_PASSWORD } from '../../../test/support/session';
import { issueOneTimeToken } from '../../commands/oneTimeTokens';
import { User } from '../../models';

describe('/api/signup', () => {
  let app: TestAppWithMail;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  const signUp = (body: unknown) => createHttpClient(app.baseUrl).post('/api/signup', body);
  const verify = (query: string) => createHttpClient(app.baseUrl).get(`/api/signup/verify-email${query}`);
  const newMails = async (before: ReceivedMail[]) => {
    const seen = new Set(before.map((m) => m.file));
    return (await app.mails()).filter((m) => !seen.has(m.file));
  };

  describe('sign-up failures (nothing is created, nothing is sent)', () => {
    it('names every missing field', async () => {
      const before = await app.mails();
      const res = await signUp({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: TEXTS.account.emailRequired,
        fields: { email: TEXTS.account.emailRequired, password: TEXTS.account.passwordRequired, agreedToTerms: TEXTS.account.mustAgreeToTerms },
      });
      expect(await newMails(before)).toEqual([]);
    });

    it.each([
      ['an address that is not one', { email: 'hanako@', password: TEST_PASSWORD, agreedToTerms: true }, 'email', TEXTS.account.emailInvalid],
      ['a short password', { email: 'short@example.com', password: 'a1b2c3', agreedToTerms: true }, 'password', TEXTS.account.passwordTooShort],
      ['a long password', { email: 'long@example.com', password: 'x'.repeat(129), agreedToTerms: true }, 'password', TEXTS.account.passwordTooLong],
      ['a common password', { email: 'common@example.com', password: 'Password123', agreedToTerms: true }, 'password', TEXTS.account.passwordTooCommon],
      ['no adult/terms tick', { email: 'minor@example.com', password: TEST_PASSWORD, agreedToTerms: false }, 'agreedToTerms', TEXTS.account.mustAgreeToTerms],
    ])('refuses %s', async (_label, body, field, message) => {
      const before = await app.mails();
      const res = await signUp(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'validation_error', message, fields: { [field]: message } });
      expect(await User.count({ where: { email: String(body.email).toLowerCase() } })).toBe(0);
      expect(await newMails(before)).toEqual([]);
    });
  });

  it('answers an already verified address exactly like a new one, and tells its owner instead', async () => {
    const member = await createMemberWithPassword();
    const before = await app.mails();
    const res = await signUp({ email: member.email.toUpperCase(), password: 'another-password-77', agreedToTerms: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TEXTS.account.signupSucceeded });

    const mail = await app.nextMailTo(member.email, { seen: before });
    expect(mail.subject).toBe('【ひらく】このメールアドレスでの新規登録がありました');
    expect(mail.text).toContain('新しいアカウントは作成していません');
    expect(mail.text).toContain(`${app.services.env.publicUrl}/forgot-password`);
    expect(mail.text).not.toContain('token=');
    expect(await User.count({ where: { email: member.email } })).toBe(1);
    // The account is untouched: the old password still works, the new one does not.
    const client = createHttpClient(app.baseUrl);
    await logIn(client, member.email, member.password);
    expect((await client.post('/api/auth/login', { email: member.email, password: 'another-password-77' })).status).toBe(401);
  });

  it('sends a fresh link to an address that signed up but never verified, and the newest password counts', async () => {
    const email = 'twice@example.com';
    const before = await app.mails();
    expect((await signUp({ email, password: 'first-password-11', agreedToTerms: true })).status).toBe(201);
    const first = await app.nextMailTo(email, { seen: before });
    const again = await signUp({ email, password: 'second-password-22', agreedToTerms: true });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ message: TEXTS.account.signupSucceeded });
    const second = await app.nextMailTo(email, { seen: [...before, first] });
    expect(second.subject).toBe(first.subject);
    expect(await User.count({ where: { email } })).toBe(1);

    const token = linkIn(second, '/verify-email').searchParams.get('token') ?? '';
    expect((await verify(`?token=${encodeURIComponent(token)}`)).status).toBe(200);
    // The first link is used up together with the second; opening it says the address is already confirmed.
    const firstToken = linkIn(first, '/verify-email').searchParams.get('token') ?? '';
    const older = await verify(`?token=${encodeURIComponent(firstToken)}`);
    expect(older.status).toBe(409);
    expect(older.body).toEqual({ error: 'conflict', message: TEXTS.account.verifyAlreadyDone });

    const client = createHttpClient(app.baseUrl);
    expect((await client.post('/api/auth/login', { email, password: 'first-password-11' })).status).toBe(401);
    await logIn(client, email, 'second-password-22');
  });

  describe('verify-email failures', () => {
    it('answers a missing token with the invalid-link message', async () => {
      for (const query of ['', '?token=', '?token=%20']) {
        const res = await verify(query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'validation_error', message: TEXTS.account.verifyInvalidToken });
      }
    });

    it('answers unknown, expired and wrong-purpose tokens with the "may have expired" message, and a used one with "already confirmed"', async () => {
      const member = await createMemberWithPassword({ emailVerifiedAt: null });
      const failed = { error: 'validation_error', message: TEXTS.account.verifyFailed };

      expect((await verify('?token=no-such-token')).body).toEqual(failed);

      const expired = await issueOneTimeToken(app.services.models, member.id, 'verify_email', { now: new Date(Date.now() - 25 * 3600 * 1000) });
      const res = await verify(`?token=${expired}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failed);

      const reset = await issueOneTimeToken(app.services.models, member.id, 'reset_password');
      expect((await verify(`?token=${reset}`)).body).toEqual(failed);
      await member.reload();
      expect(member.emailVerifiedAt).toBeNull();

      const good = await issueOneTimeToken(app.services.models, member.id, 'verify_email');
      expect((await verify(`?token=${good}`)).status).toBe(200);
      const used = await verify(`?token=${good}`);
      expect(used.status).toBe(409);
      expect(used.body).toEqual({ error: 'conflict', message: TEXTS.account.verifyAlreadyDone });
      await member.reload();
      expect(member.emailVerifiedAt).toBeInstanceOf(Date);
    });
  });

  describe('resend-verification', () => {
    it('answers every address the same and mails only an unverified member', async () => {
      const unverified = await createMemberWithPassword({ emailVerifiedAt: null });
      const verified = await createMemberWithPassword();
      const client = createHttpClient(app.baseUrl);
      const before = await app.mails();

      for (const email of ['nobody@example.com', verified.email, unverified.email]) {
        const res = await client.post('/api/signup/resend-verification', { email });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: TEXTS.account.verificationResent });
      }
      // The mail goes out after the answer; once the unverified member's has arrived, the earlier requests' would have too.
      const mail = await app.nextMailTo(unverified.email, { seen: before });
      expect(linkIn(mail, '/verify-email').searchParams.get('token')).toBeTruthy();
      expect((await newMails(before)).map((m) => m.to)).toEqual([unverified.email]);
    });

    it('still checks the address format', async () => {
      const res = await createHttpClient(app.baseUrl).post('/api/signup/resend-verification', { email: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_error', message: TEXTS.account.emailInvalid });
    });
  });
});
