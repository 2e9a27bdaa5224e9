import { TEXTS, TIMINGS } from '@hiraku/shared';
import { createOperator } from '../../test/factories';
import { createHttpClient, type HttpClient } from '../../test/support/httpClient';
import { logIn, createMemberWithPassword, signedInMember, TEST_PASSWORD } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { nextTotpCode } from '../../test/support/twoFactor';
import { SessionFamily, User } from '../models';

/** Step-up (issue 35): what cannot be undone asks for the password (and code) when the session's proof is over 10 minutes old. */
describe('step-up before what cannot be undone', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  /** Makes every session of the member look as if it proved itself 11 minutes ago. */
  const ageProof = (userId: number) =>
    SessionFamily.update({ strongProofAt: new Date(Date.now() - TIMINGS.stepUpFreshSec * 1000 - 60_000) }, { where: { userId } });

  const expectStepUp = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'step_up_required', message: TEXTS.stepUp.required });
  };

  it('lets a member who has just signed in export at once, and asks again once the proof is old', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    expect((await client.get('/api/account/export')).status).toBe(200);
    await ageProof(user.id);
    expectStepUp(await client.get('/api/account/export'));

    const wrong = await client.post('/api/account/step-up', { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: TEXTS.stepUp.wrongPassword });
    expectStepUp(await client.get('/api/account/export'));

    const proved = await client.post('/api/account/step-up', { password: TEST_PASSWORD });
    expect(proved.status).toBe(200);
    expect(proved.body).toMatchObject({ message: TEXTS.stepUp.confirmed });
    expect((await client.get('/api/account/export')).status).toBe(200);
  });

  it('keeps the proof to the session that gave it', async () => {
    const user = await createMemberWithPassword();
    const first = createHttpClient(app.baseUrl);
    const second = createHttpClient(app.baseUrl);
    await logIn(first, user.email, user.password);
    await logIn(second, user.email, user.password);
    await ageProof(user.id);
    expect((await first.post('/api/account/step-up', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await first.get('/api/account/export')).status).toBe(200);
    expectStepUp(await second.get('/api/account/export'));
  });

  it('asks for the password before deleting the account, and keeps the account until it is given', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    await ageProof(user.id);
    expectStepUp(await client.delete('/api/profile/deleteAccount', { password: TEST_PASSWORD }));
    expect(await User.findByPk(user.id)).not.toBeNull();
    expect((await client.post('/api/account/step-up', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await client.delete('/api/profile/deleteAccount', { password: TEST_PASSWORD })).status).toBe(200);
    expect(await User.findByPk(user.id)).toBeNull();
  });

  it('asks a member with two-factor sign-in for the code as well, and guards turning it off', async () => {
    const operator = await createOperator({ passwordHash: (await createMemberWithPassword()).passwordHash });
    const client: HttpClient = createHttpClient(app.baseUrl);
    await logIn(client, operator.email, TEST_PASSWORD);
    await ageProof(operator.id);
    const body = { password: TEST_PASSWORD, code: await nextTotpCode(operator.email) };
    expectStepUp(await client.post('/api/account/two-factor/disable', body));
    const noCode = await client.post('/api/account/step-up', { password: TEST_PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ message: TEXTS.stepUp.codeRequired });
    expect((await client.post('/api/account/step-up', { password: TEST_PASSWORD, code: await nextTotpCode(operator.email) })).status).toBe(200);
  });

  it("asks an operator before a suspension", async () => {
    const operator = await createOperator({ passwordHash: (await createMemberWithPassword()).passwordHash });
    const target = await createMemberWithPassword();
    const client = createHttpClient(app.baseUrl);
    await logIn(client, operator.email, TEST_PASSWORD);
    await ageProof(operator.id);
    const suspend = await client.post(`/api/moderation/users/${target.publicId}/suspend`, { reason: '嫌がらせが続いたため' });
    expectStepUp(suspend);
    expect((await User.findByPk(target.id))?.suspendedAt).toBeNull();
    const code = await nextTotpCode(operator.email);
    expect((await client.post('/api/account/step-up', { password: TEST_PASSWORD, code })).status).toBe(200);
    expect((await client.post(`/api/moderation/users/${target.publicId}/suspend`, { reason: '嫌がらせが続いたため' })).status).toBe(200);
    expect((await User.findByPk(target.id))?.suspendedAt).not.toBeNull();
  });
});
