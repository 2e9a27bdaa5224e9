import { TEXTS, TIMINGS } from '@hiraku/shared';
import { createUser } from '../../../test/factories';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createHttpClient } from '../../../test/support/httpClient';
import { linkIn } from '../../../test/support/mailbox';
import { createMemberWithPassword, logIn, memberWithSession, TEST_PASSWORD } from '../../../test/support/session';
import { EmailChange, SessionFamily, User } from '../../models';

/**
 * 設定's e-mail change (issue 35), with the real SMTP of the test process: step-up first, a link to the
 * new address, the address changed only when it is opened, and the old address told.
 */
describe('POST /api/account/email', () => {
  let app: TestAppWithMail;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '100' } });
  });
  afterAll(() => app.close());

  it('asks for a recent proof first, and changes nothing without it', async () => {
    const { client, user } = await memberWithSession(app);
    await SessionFamily.update({ strongProofAt: new Date(Date.now() - TIMINGS.stepUpFreshSec * 1000 - 60_000) }, { where: { userId: user.id } });
    const res = await client.post('/api/account/email', { newEmail: 'stale-proof@example.com' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'step_up_required', message: TEXTS.stepUp.required });
    expect(await EmailChange.count({ where: { userId: user.id } })).toBe(0);
  });

  it('mails a link to the new address; opening it changes the address, the old one is told, and the new one signs in', async () => {
    const member = await createMemberWithPassword();
    const client = createHttpClient(app.baseUrl);
    await logIn(client, member.email, TEST_PASSWORD);
    const seen = await app.mails();

    const res = await client.post('/api/account/email', { newEmail: ' Atarashii@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.emailChange.requested });
    const mail = await app.nextMailTo('atarashii@example.com', { seen });
    expect(mail.subject).toBe(TEXTS.emailChange.mail.confirm.subject);
    // Nothing changed yet.
    expect((await User.findByPk(member.id))?.email).toBe(member.email);

    const token = linkIn(mail, '/confirm-email-change').searchParams.get('token');
    const elsewhere = createHttpClient(app.baseUrl);
    const confirmed = await elsewhere.post('/api/account/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: TEXTS.emailChange.confirmed });
    expect((await User.findByPk(member.id))?.email).toBe('atarashii@example.com');

    const told = await app.nextMailTo(member.email, { seen });
    expect(told.subject).toBe(TEXTS.emailChange.mail.changed.subject);
    expect(told.text).toContain(TEXTS.emailChange.mail.changed.notYou);

    // The link is single-use.
    const again = await elsewhere.post('/api/account/email/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: TEXTS.emailChange.linkInvalid });
    // The new address signs in; the old one no longer does.
    await logIn(createHttpClient(app.baseUrl), 'atarashii@example.com', TEST_PASSWORD);
    expect((await createHttpClient(app.baseUrl).post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).status).not.toBe(200);
  });

  it('answers the same for an address another account uses, mails nobody, and refuses the own address', async () => {
    const { client, user } = await memberWithSession(app);
    const other = await createUser();
    const seen = await app.mails();
    const taken = await client.post('/api/account/email', { newEmail: other.email });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ message: TEXTS.emailChange.requested });
    expect(await EmailChange.count({ where: { userId: user.id } })).toBe(0);

    const same = await client.post('/api/account/email', { newEmail: user.email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ message: TEXTS.emailChange.sameAddress });
    const invalid = await client.post('/api/account/email', { newEmail: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ message: TEXTS.account.emailInvalid });
    // A request that does mail, sent after them: once its mail is in, nothing came for the three before.
    await client.post('/api/account/email', { newEmail: 'ato-kara@example.com' });
    await app.nextMailTo('ato-kara@example.com', { seen });
    expect((await app.mails()).filter((mail) => !seen.some((old) => old.file === mail.file) && [other.email, user.email].includes(mail.to))).toEqual([]);
  });

  it('refuses an unknown link, and an address taken since the request (409)', async () => {
    const unknown = await createHttpClient(app.baseUrl).post('/api/account/email/confirm', { token: 'no-such-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: TEXTS.emailChange.linkInvalid });

    const { client, user } = await memberWithSession(app);
    const seen = await app.mails();
    await client.post('/api/account/email', { newEmail: 'hayaimono@example.com' });
    const token = linkIn(await app.nextMailTo('hayaimono@example.com', { seen }), '/confirm-email-change').searchParams.get('token');
    await createUser({ email: 'hayaimono@example.com' });
    const clash = await createHttpClient(app.baseUrl).post('/api/account/email/confirm', { token });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: TEXTS.emailChange.addressTaken });
    expect((await User.findByPk(user.id))?.email).toBe(user.email);
  });
});
