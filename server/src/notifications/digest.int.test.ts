import fs from 'node:fs/promises';
import path from 'node:path';
import { TEXTS, type NotificationSettings } from '@hiraku/shared';
import { createReport } from '../../test/factories';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/support/appWithMail';
import { createHttpClient, type HttpClient } from '../../test/support/httpClient';
import { linkIn } from '../../test/support/mailbox';
import { eventually } from '../../test/support/searchOutbox';
import { memberWithSession } from '../../test/support/session';
import { sqlDateTime } from '../db/connection';
import { digestDue, sendDailyDigest } from './digest';
import { pendingNotificationWork } from './events';

/**
 * The daily digest (issue 20): to members away for a day, through the mail outbox to a real SMTP
 * server, sent once however many workers run it, with a one-click unsubscribe that needs no session.
 */
describe('daily notification digest', () => {
  let app: TestAppWithMail;

  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '100' } });
  });
  afterAll(() => app?.close());

  const settled = (work: 'notifications' | 'mail_outbox') =>
    eventually(async () => {
      if (work === 'notifications') return (await pendingNotificationWork(app.services.sequelize)) === 0;
      const [rows] = await app.services.sequelize.query('SELECT COUNT(*) AS n FROM mail_outbox');
      return Number((rows as Array<{ n: number }>)[0]?.n) === 0;
    }, 10_000, `${work} to drain`);

  async function authorWithComment(commenter: HttpClient) {
    const member = await memberWithSession(app);
    const report = await createReport({ author: member.user });
    expect((await commenter.post('/api/comments', { articleId: report.id, text: 'とても参考になりました。' })).status).toBe(201);
    return { ...member, report };
  }

  async function lastSeen(userId: number, at: Date) {
    const { sequelize } = app.services;
    await sequelize.query('DELETE FROM notification_members WHERE user_id = ?', { replacements: [userId] });
    await sequelize.query('INSERT INTO notification_members (user_id, last_seen_at) VALUES (?, ?)', { replacements: [userId, sqlDateTime(sequelize, at)] });
  }

  it('is due from 20:00 Japan time to the end of the Japanese day', () => {
    expect(digestDue(new Date('2026-11-26T10:59:59Z'))).toBe(false);
    expect(digestDue(new Date('2026-11-26T11:00:00Z'))).toBe(true);
    expect(digestDue(new Date('2026-11-26T14:59:59Z'))).toBe(true);
    expect(digestDue(new Date('2026-11-26T15:00:00Z'))).toBe(false);
  });

  it('goes once, even from two workers at once, only to members away for a day, and unsubscribes without a session', async () => {
    const commenter = await memberWithSession(app);
    const away = await authorWithComment(commenter.client);
    const visited = await authorWithComment(commenter.client);
    const mailOff = await authorWithComment(commenter.client);
    await settled('notifications');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    await lastSeen(away.user.id, twoDaysAgo);
    await lastSeen(mailOff.user.id, twoDaysAgo);
    const settings = (await mailOff.client.get<NotificationSettings>('/api/notifications/settings')).body;
    await mailOff.client.put('/api/notifications/settings', { ...settings, comment: { inApp: true, email: false } });
    await lastSeen(mailOff.user.id, twoDaysAgo);
    // The visited member opened the app a moment ago (the bell asks for the count on every page).
    await lastSeen(visited.user.id, twoDaysAgo);
    expect((await visited.client.get('/api/notifications/unread-count')).status).toBe(200);

    const seen = await app.mails();
    const deps = { ...app.services, publicUrl: app.services.env.publicUrl };
    const [first, second] = await Promise.all([sendDailyDigest(deps), sendDailyDigest(deps)]);
    expect(first + second).toBe(1);
    expect(await sendDailyDigest(deps)).toBe(0);
    const mail = await app.nextMailTo(away.user.email, { seen });
    await settled('mail_outbox');
    const digests = (await app.mails()).filter((entry) => !seen.some((old) => old.file === entry.file));
    expect(digests.map((entry) => entry.to)).toEqual([away.user.email]);
    expect(mail.subject).toBe(TEXTS.notification.mail.digestSubject(1));
    expect(mail.text).toContain(TEXTS.notification.lines.comment(commenter.user.profile.username, away.report.title));

    const raw = (await fs.readFile(path.join(app.smtp.mailboxDir, mail.file), 'latin1')).replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <([^>]+)>/im.exec(raw)?.[1];
    expect(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im.test(raw)).toBe(true);
    expect(header).toBeDefined();
    const page = linkIn(mail, '/notifications/unsubscribe');
    expect(page.searchParams.get('token')).toBe(new URL(header ?? '').searchParams.get('token'));

    // A mail client's one-click: a POST with no cookie, no anti-forgery header (to the test's server, PUBLIC_URL being unset).
    const target = new URL(header ?? '');
    expect(target.pathname).toBe('/api/notifications/unsubscribe');
    const oneClick = await fetch(new URL(`${target.pathname}${target.search}`, app.baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(((await oneClick.json()) as { message: string }).message).toBe(TEXTS.notification.unsubscribed);
    const after = (await away.client.get<NotificationSettings>('/api/notifications/settings')).body;
    expect(Object.values(after).every((setting) => setting.email === false && setting.inApp === true)).toBe(true);
    const unknown = await createHttpClient(app.baseUrl).post(`/api/notifications/unsubscribe?token=${'x'.repeat(43)}`, undefined, { xsrf: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TEXTS.notification.unsubscribeInvalid);
  });
});
