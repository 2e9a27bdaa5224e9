import { PASSKEY_LIMITS, TEXTS } from '@hiraku/shared';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { SoftwareAuthenticator } from '../../../test/support/softwareAuthenticator';
import { createMemberWithPassword, signedInMember, TEST_PASSWORD } from '../../../test/support/session';

type Options = { options: { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string } };
type Summary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

describe('passkeys (issue 35)', () => {
  let app: TestAppWithMail;
  let origin: string;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000' } });
    origin = new URL(app.services.env.publicUrl).origin;
  });
  afterAll(() => app.close());

  async function register(client: HttpClient, authenticator: SoftwareAuthenticator, name: string) {
    const options = await client.post<Options>('/api/account/passkeys/options');
    expect(options.status).toBe(200);
    return client.post<{ message: string; passkey: Summary }>('/api/account/passkeys', { name, response: authenticator.create(options.body.options) });
  }

  async function signInWith(authenticator: SoftwareAuthenticator, options: Parameters<SoftwareAuthenticator['get']>[1] = {}) {
    const client = createHttpClient(app.baseUrl);
    const start = await client.post<Options>('/api/auth/passkey/options');
    expect(start.status).toBe(200);
    const answer = authenticator.get(start.body.options, options);
    return { client, answer, res: await client.post<{ publicId: string; twoFactor: boolean; message: string }>('/api/auth/passkey', { response: answer }) };
  }

  it('registers several, lists, renames and removes them; each signs in without a password', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const phone = new SoftwareAuthenticator(origin);
    const laptop = new SoftwareAuthenticator(origin);
    const first = await register(client, phone, 'スマホ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: TEXTS.passkeys.registered, passkey: { name: 'スマホ', lastUsedAt: null } });
    expect((await register(client, laptop, '仕事用のMac')).status).toBe(201);
    const listed = await client.get<{ passkeys: Summary[] }>('/api/account/passkeys');
    expect(listed.body.passkeys.map((passkey) => passkey.name)).toEqual(['スマホ', '仕事用のMac']);

    const signedIn = await signInWith(phone);
    expect(signedIn.res.status).toBe(200);
    expect(signedIn.res.body).toMatchObject({ publicId: user.publicId, message: TEXTS.account.loginSucceeded });
    expect((await signedIn.client.get<{ publicId: string }>('/api/auth/me')).body.publicId).toBe(user.publicId);
    const stored = await app.services.models.Passkey.findByPk(first.body.passkey.id);
    expect(stored?.signCount).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();

    const renamed = await client.put(`/api/account/passkeys/${first.body.passkey.id}`, { name: '  私用のiPhone ' });
    expect(renamed.body).toEqual({ message: TEXTS.passkeys.renamed });
    const tooLong = await client.put(`/api/account/passkeys/${first.body.passkey.id}`, { name: 'あ'.repeat(PASSKEY_LIMITS.nameMax + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ message: TEXTS.passkeys.nameTooLong });
    expect((await app.services.models.Passkey.findByPk(first.body.passkey.id))?.name).toBe('私用のiPhone');

    expect((await client.delete(`/api/account/passkeys/${first.body.passkey.id}`)).body).toEqual({ message: TEXTS.passkeys.removed });
    expect((await client.get<{ passkeys: Summary[] }>('/api/account/passkeys')).body.passkeys.map((passkey) => passkey.name)).toEqual(['仕事用のMac']);
    const removedOne = await signInWith(phone);
    expect(removedOne.res.status).toBe(401);
    expect(removedOne.res.body).toMatchObject({ message: TEXTS.passkeys.signInFailed });
    expect((await signInWith(laptop)).res.status).toBe(200);
  });

  it('refuses a challenge used once already, one never handed out, and a registration challenge at sign-in', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const authenticator = new SoftwareAuthenticator(origin);
    expect((await register(client, authenticator, '鍵')).status).toBe(201);
    const first = await signInWith(authenticator);
    expect(first.res.status).toBe(200);
    // The same answer again: its challenge is used up.
    const replay = await createHttpClient(app.baseUrl).post('/api/auth/passkey', { response: first.answer });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ message: TEXTS.passkeys.challengeExpired });
    // A challenge the server never gave.
    const made = await createHttpClient(app.baseUrl).post('/api/auth/passkey', { response: authenticator.get({ challenge: 'bm90LWlzc3VlZC1ieS11cw' }) });
    expect(made.status).toBe(400);
    // A registration's challenge does not sign in, and is then used up for registering too.
    const registration = await client.post<Options>('/api/account/passkeys/options');
    const crossed = await createHttpClient(app.baseUrl).post('/api/auth/passkey', { response: authenticator.get({ challenge: registration.body.options.challenge }) });
    expect(crossed.status).toBe(400);
    // A registration answer sent twice is refused the second time, and nothing more is stored.
    const options = await client.post<Options>('/api/account/passkeys/options');
    const answer = new SoftwareAuthenticator(origin).create(options.body.options);
    expect((await client.post('/api/account/passkeys', { name: '二本目', response: answer })).status).toBe(201);
    const again = await client.post('/api/account/passkeys', { name: '三本目', response: answer });
    expect(again.status).toBe(400);
    expect((await client.get<{ passkeys: Summary[] }>('/api/account/passkeys')).body.passkeys).toHaveLength(2);
  });

  it('refuses a counter that did not go up, another origin, and malformed answers without a 5xx', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const authenticator = new SoftwareAuthenticator(origin);
    expect((await register(client, authenticator, '鍵')).status).toBe(201);
    expect((await signInWith(authenticator, { counterStep: 5 })).res.status).toBe(200);
    const cloned = await signInWith(authenticator, { counterStep: -2 });
    expect(cloned.res.status).toBe(401);
    expect(cloned.res.body).toMatchObject({ message: TEXTS.passkeys.suspiciousCounter });
    const phishing = await signInWith(authenticator, { origin: 'https://hiraku.example.net' });
    expect(phishing.res.status).toBe(401);
    for (const response of [null, {}, { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: '!!', authenticatorData: 'a', signature: 'b' } }]) {
      const bad = await createHttpClient(app.baseUrl).post('/api/auth/passkey', { response });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'validation_error' });
    }
  });

  it("refuses another member's passkey: it cannot be renamed, removed, or registered into a second account", async () => {
    const owner = await signedInMember(app.baseUrl);
    const other = await signedInMember(app.baseUrl);
    const authenticator = new SoftwareAuthenticator(origin);
    const created = await register(owner.client, authenticator, '持ち主の鍵');
    const id = created.body.passkey.id;
    expect((await other.client.put(`/api/account/passkeys/${id}`, { name: '乗っ取り' })).status).toBe(404);
    const removal = await other.client.delete(`/api/account/passkeys/${id}`);
    expect(removal.status).toBe(404);
    expect(removal.body).toMatchObject({ message: TEXTS.passkeys.notFound });
    expect((await app.services.models.Passkey.findByPk(id))?.name).toBe('持ち主の鍵');
    // Another member's registration challenge cannot carry the owner's answer.
    const othersOptions = await other.client.post<Options>('/api/account/passkeys/options');
    const ownersOptions = await owner.client.post<Options>('/api/account/passkeys/options');
    const answer = new SoftwareAuthenticator(origin).create(ownersOptions.body.options);
    expect(othersOptions.status).toBe(200);
    const stolen = await other.client.post('/api/account/passkeys', { name: '他人の鍵', response: answer });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ message: TEXTS.passkeys.challengeExpired });
    // The sign-in names the owner, whoever asks.
    const signedIn = await signInWith(authenticator);
    expect(signedIn.res.body.publicId).toBe(owner.user.publicId);
  });

  it("counts an operator's passkey as the second factor: the queue opens after a passkey sign-in, and a password alone opens nothing", async () => {
    const operator = await createMemberWithPassword({ role: 'operator', totpEnabledAt: null, totpSecret: null });
    const client = createHttpClient(app.baseUrl);
    const login = await client.post<{ twoFactor: boolean }>('/api/auth/login', { email: operator.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.twoFactor).toBe(false);
    const refused = await client.get('/api/moderation/cases');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'two_factor_required' });

    const authenticator = new SoftwareAuthenticator(origin);
    expect((await register(client, authenticator, '運営用の鍵')).status).toBe(201);
    expect((await client.get('/api/moderation/cases')).status).toBe(200);
    expect((await client.get<{ twoFactor: boolean }>('/api/auth/me')).body.twoFactor).toBe(true);

    // With a passkey, the password is only the first step, and the passkey is the second.
    const passwordOnly = createHttpClient(app.baseUrl);
    const first = await passwordOnly.post('/api/auth/login', { email: operator.email, password: TEST_PASSWORD });
    expect(first.body).toEqual({ twoFactorRequired: true, message: TEXTS.passkeys.secondStepRequired, methods: { code: false, passkey: true } });
    expect((await passwordOnly.get('/api/moderation/cases')).status).toBe(401);
    const code = await passwordOnly.post('/api/auth/login/code', { code: '123456' });
    expect(code.status).toBe(401);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.res.body).toMatchObject({ publicId: operator.publicId, twoFactor: true });
    expect((await signedIn.client.get('/api/moderation/cases')).status).toBe(200);
  });

  it('counts a passkey assertion as the step-up proof: removing a passkey asks for it once the last proof is old', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const other = await signedInMember(app.baseUrl);
    const authenticator = new SoftwareAuthenticator(origin);
    const othersAuthenticator = new SoftwareAuthenticator(origin);
    const created = await register(client, authenticator, '鍵');
    expect((await register(other.client, othersAuthenticator, '他人の鍵')).status).toBe(201);
    // The sign-in's proof is now 20 minutes old.
    await app.services.models.SessionFamily.update({ strongProofAt: new Date(Date.now() - 20 * 60_000) }, { where: { userId: user.id } });
    const refused = await client.delete(`/api/account/passkeys/${created.body.passkey.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'step_up_required' });

    const stepUp = async (holder: SoftwareAuthenticator) => {
      const options = await client.post<Options>('/api/auth/passkey/options');
      return client.post('/api/account/passkeys/step-up', { response: holder.get(options.body.options) });
    };
    // Another member's passkey proves nothing about this session.
    const wrong = await stepUp(othersAuthenticator);
    expect(wrong.status).toBe(400);
    expect((await client.delete(`/api/account/passkeys/${created.body.passkey.id}`)).status).toBe(403);

    const proved = await stepUp(authenticator);
    expect(proved.status).toBe(200);
    expect(proved.body).toEqual({ message: TEXTS.stepUp.confirmed });
    expect((await client.delete(`/api/account/passkeys/${created.body.passkey.id}`)).status).toBe(200);
    // A passkey sign-in starts its session with a fresh proof.
    const second = await register(other.client, new SoftwareAuthenticator(origin), '二本目');
    const signedIn = await signInWith(othersAuthenticator);
    expect((await signedIn.client.delete(`/api/account/passkeys/${second.body.passkey.id}`)).status).toBe(200);
  });
});
