import { TEXTS } from '@hiraku/shared';
import { createOperator, createReport } from '../factories';
import { createHttpClient, type HttpClient } from '../support/httpClient';
import { createMemberWithPassword, memberWithSession, TEST_PASSWORD } from '../support/session';
import { startTestApp, type TestApp } from '../support/testApp';
import { nextTotpCode } from '../support/twoFactor';
import { Comment, Flag, MailOutboxEntry, ModerationCase, Notification } from '../../src/models';

/**
 * The eight holes of issue 35, as an attacker found them on loopback. The app trusts the test client as
 * its proxy (TRUSTED_PROXIES=127.0.0.1), so `x-forwarded-for` plays the many addresses of an attacker.
 */
describe('issue 35: the holes an attacker found', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000', TRUSTED_PROXIES: '127.0.0.1' }, deliverMail: false });
  });
  afterAll(() => app.close());

  /** `blocked` is blocked by `blocker`, through the API. */
  async function blockedPair() {
    const blocker = await memberWithSession(app);
    const blocked = await memberWithSession(app);
    expect((await blocker.client.post(`/api/blocks/${blocked.user.publicId}`)).status).toBe(200);
    return { blocker, blocked };
  }

  describe('a member blocked by another', () => {
    it("gets the same 404 for flagging the blocker's report, comment or profile as for what does not exist, and hides nothing", async () => {
      const { blocker, blocked } = await blockedPair();
      const report = await createReport({ authorId: blocker.user.id });
      const comment = await Comment.create({ reportId: (await createReport()).id, authorId: blocker.user.id, text: 'ブロックした人のコメント' });
      for (const [target, nothing] of [
        [{ targetType: 'report', targetId: report.id }, { targetType: 'report', targetId: 999_999_999 }],
        [{ targetType: 'comment', targetId: comment.id }, { targetType: 'comment', targetId: 999_999_999 }],
        [{ targetType: 'member', targetId: blocker.user.publicId }, { targetType: 'member', targetId: 'nobody-here' }],
      ] as const) {
        const missing = await blocked.client.post('/api/flags', { ...nothing, category: 'harassment' });
        expect(missing.status).toBe(404);
        const res = await blocked.client.post('/api/flags', { ...target, category: 'harassment' });
        expect(res.status).toBe(404);
        expect(res.body).toEqual(missing.body);
      }
      expect(await Flag.count({ where: { flaggerId: blocked.user.id } })).toBe(0);
      expect(await ModerationCase.count({ where: { targetId: report.id } })).toBe(0);
    });

    it("is not told the blocker's like counts", async () => {
      const { blocker, blocked } = await blockedPair();
      const report = await createReport({ authorId: blocker.user.id, likeCount: 4 });
      const other = await createReport({ likeCount: 2 });
      const counts = await blocked.client.get<Record<string, number>>(`/api/likes/report-counts?ids=${report.id},${other.id}`);
      expect(counts.status).toBe(200);
      expect(counts.body).toEqual({ [String(other.id)]: 2 });
      // The blocker still sees their own count.
      const own = await blocker.client.get<Record<string, number>>(`/api/likes/report-counts?ids=${report.id}`);
      expect(own.body).toEqual({ [String(report.id)]: 4 });
    });

    it('is answered 404 when muting or blocking the blocker, as for a member who does not exist', async () => {
      const { blocker, blocked } = await blockedPair();
      const nobody = await blocked.client.post('/api/mutes/nobody-here');
      expect(nobody.status).toBe(404);
      for (const path of [`/api/mutes/${blocker.user.publicId}`, `/api/blocks/${blocker.user.publicId}`]) {
        const res = await blocked.client.post(path);
        expect(res.status).toBe(404);
        expect(res.body).toEqual(nobody.body);
      }
    });
  });

  describe('notifications', () => {
    /** A comment notification to `recipient` whose actor is `actor`, as the fan-out writes it. */
    async function commentNotification(recipientId: number, actorId: number): Promise<number> {
      const report = await createReport({ authorId: recipientId });
      const row = await Notification.create({ userId: recipientId, kind: 'comment', reportId: report.id, eventId: Date.now() });
      await app.services.sequelize.query('INSERT INTO notification_actors (notification_id, actor_id, created_at) VALUES (?, ?, ?)', {
        replacements: [row.id, actorId, new Date()],
      });
      return row.id;
    }
    const listedIds = async (client: HttpClient) => (await client.get<{ items: Array<{ id: number }> }>('/api/notifications')).body.items.map((item) => item.id);
    const unread = async (client: HttpClient) => (await client.get<{ count: number }>('/api/notifications/unread-count')).body.count;

    it('leaves my list when I block their author, and while I mute them', async () => {
      const me = await memberWithSession(app);
      const blockedOne = await memberWithSession(app);
      const mutedOne = await memberWithSession(app);
      const fromBlocked = await commentNotification(me.user.id, blockedOne.user.id);
      const fromMuted = await commentNotification(me.user.id, mutedOne.user.id);
      expect(await listedIds(me.client)).toEqual(expect.arrayContaining([fromBlocked, fromMuted]));

      expect((await me.client.post(`/api/blocks/${blockedOne.user.publicId}`)).status).toBe(200);
      expect((await me.client.post(`/api/mutes/${mutedOne.user.publicId}`, { until: new Date(Date.now() + 60 * 60_000).toISOString() })).status).toBe(200);
      expect(await listedIds(me.client)).toEqual([]);
      expect(await unread(me.client)).toBe(0);

      expect((await me.client.delete(`/api/mutes/${mutedOne.user.publicId}`)).status).toBe(200);
      expect(await listedIds(me.client)).toEqual([fromMuted]);
    });
  });

  describe('two-factor codes', () => {
    it('are counted per account across addresses: locked after 5 wrong codes, even the right one refused, the member mailed', async () => {
      const member = await createMemberWithPassword();
      const operator = await createOperator({ passwordHash: member.passwordHash });
      const attacker = createHttpClient(app.baseUrl);
      expect((await attacker.post('/api/auth/login', { email: operator.email, password: TEST_PASSWORD })).body).toMatchObject({ twoFactorRequired: true });
      const statuses: number[] = [];
      for (let address = 1; address <= 12; address += 1) {
        for (let guess = 0; guess < 4; guess += 1) {
          const res = await attacker.post('/api/auth/login/code', { code: '000000' }, { headers: { 'x-forwarded-for': `203.0.113.${address}` } });
          statuses.push(res.status);
          if (res.status === 403) break;
        }
      }
      // Five wrong codes in all, whatever the address; then the account's code step is locked.
      expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
      expect(statuses[4]).toBe(403);
      const again = createHttpClient(app.baseUrl);
      await again.post('/api/auth/login', { email: operator.email, password: TEST_PASSWORD }, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      const right = await again.post('/api/auth/login/code', { code: await nextTotpCode(operator.email) }, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(right.status).toBe(403);
      expect(right.body).toMatchObject({ error: 'account_locked' });
      const mails = await MailOutboxEntry.findAll({ where: { recipient: operator.email } });
      expect(mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([`【ひらく】${TEXTS.security.mail.secondStepFailedSubject}`, `【ひらく】${TEXTS.security.mail.codesLockedSubject}`]),
      );
    });

    it('mail the member when a sign-in fails its second step', async () => {
      const member = await createMemberWithPassword();
      const operator = await createOperator({ passwordHash: member.passwordHash });
      const client = createHttpClient(app.baseUrl);
      await client.post('/api/auth/login', { email: operator.email, password: TEST_PASSWORD });
      expect((await client.post('/api/auth/login/code', { code: '000000' })).status).toBe(400);
      const mails = await MailOutboxEntry.findAll({ where: { recipient: operator.email } });
      expect(mails.map((mail) => mail.subject)).toEqual([`【ひらく】${TEXTS.security.mail.secondStepFailedSubject}`]);
    });
  });

  describe('the takedown form', () => {
    const form = (email: string) => ({
      // An address of this site (the form refuses others'); whether the report exists does not matter here.
      contentUrl: `${app.services.env.publicUrl}/reports/999999`,
      requesterKind: 'self',
      reason: 'intimateImage',
      description: '私が写っている画像が、同意なく掲載されています。削除をお願いします。',
      email,
    });

    it('sends at most 3 confirmation mails a day to one address, from however many addresses', async () => {
      const victim = `victim-${Date.now()}@example.jp`;
      const statuses: number[] = [];
      for (let sender = 1; sender <= 6; sender += 1) {
        for (let i = 0; i < 10; i += 1) {
          const res = await createHttpClient(app.baseUrl).post('/api/takedown-requests', form(victim), { headers: { 'x-forwarded-for': `192.0.${sender}.10` } });
          statuses.push(res.status);
          if (res.status === 429) expect(res.body).toMatchObject({ error: 'rate_limited', message: TEXTS.takedown.tooManyForAddress });
        }
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(await MailOutboxEntry.count({ where: { recipient: victim, kind: 'takedownConfirm' } })).toBe(3);
    });

    it('is limited per address range as well', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const res = await createHttpClient(app.baseUrl).post('/api/takedown-requests', form(`range-${i}-${Date.now()}@example.jp`), {
          headers: { 'x-forwarded-for': `198.18.7.${i + 1}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(20);
      expect(statuses).toContain(429);
    });
  });
});

describe('issue 35: the code step over plain HTTP with NODE_ENV=production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { NODE_ENV: 'production', RATE_LIMIT_FACTOR: '1000' }, deliverMail: false });
  });
  afterAll(() => app.close());

  it('signs the operator in as the password step does, with the same secure cookies, never a 5xx', async () => {
    const member = await createMemberWithPassword();
    const operator = await createOperator({ passwordHash: member.passwordHash });
    const client = createHttpClient(app.baseUrl);
    const first = await client.post('/api/auth/login', { email: operator.email, password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.setCookies.some((line) => /Secure/i.test(line))).toBe(true);
    const wrong = await client.post('/api/auth/login/code', { code: '000000' });
    expect(wrong.status).toBe(400);
    const second = await client.post('/api/auth/login/code', { code: await nextTotpCode(operator.email) });
    expect(second.status).toBe(200);
    expect(second.setCookies.filter((line) => line.startsWith('hiraku_')).every((line) => /Secure/i.test(line))).toBe(true);
  });
});
