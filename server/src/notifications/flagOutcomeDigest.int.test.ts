import { TEXTS } from '@hiraku/shared';
import { createReport } from '../../test/factories';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/support/appWithMail';
import { eventually } from '../../test/support/searchOutbox';
import { memberWithSession } from '../../test/support/session';
import { sqlDateTime } from '../db/connection';
import { sendDailyDigest } from './digest';
import { pendingNotificationWork } from './events';

/**
 * Flag outcomes (issue 38): a bulk decision on four cases flagged by one member sends that member no
 * mail at once; the outcomes reach them joined in the day's digest, as 設定 describes, through the real
 * mail outbox to a real SMTP server.
 */
describe('flag outcomes in the daily digest', () => {
  let app: TestAppWithMail;

  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '100' } });
  });
  afterAll(() => app?.close());

  const drained = () =>
    eventually(async () => {
      if ((await pendingNotificationWork(app.services.sequelize)) !== 0) return false;
      const [rows] = await app.services.sequelize.query('SELECT COUNT(*) AS n FROM mail_outbox');
      return Number((rows as Array<{ n: number }>)[0]?.n) === 0;
    }, 15_000, 'notifications and mail to drain');

  it('joins four outcomes of one bulk action into one digest mail instead of four mails', async () => {
    const operator = await memberWithSession(app, { role: 'operator' });
    const flagger = await memberWithSession(app);
    const reports = await Promise.all([1, 2, 3, 4].map(async (n) => createReport({ title: `宣伝の疑い${n}` })));
    for (const report of reports) {
      expect((await flagger.client.post('/api/flags', { targetType: 'report', targetId: report.id, category: 'spam' })).status).toBe(200);
    }
    const cases = await app.services.models.ModerationCase.findAll({ where: { targetId: reports.map((report) => report.id), type: 'report' } });
    const seen = await app.mails();
    const bulk = await operator.client.post('/api/moderation/cases/bulk-resolve', { ids: cases.map((entry) => entry.id), action: 'dismiss', reason: '宣伝ではありません' });
    expect(bulk.status).toBe(200);
    await drained();
    const fresh = async () => (await app.mails()).filter((mail) => !seen.some((old) => old.file === mail.file) && mail.to === flagger.user.email);
    expect(await fresh()).toEqual([]);

    // A day away: the digest carries the four outcomes in one mail.
    const { sequelize } = app.services;
    await sequelize.query('DELETE FROM notification_members WHERE user_id = ?', { replacements: [flagger.user.id] });
    await sequelize.query('INSERT INTO notification_members (user_id, last_seen_at) VALUES (?, ?)', {
      replacements: [flagger.user.id, sqlDateTime(sequelize, new Date(Date.now() - 48 * 3_600_000))],
    });
    expect(await sendDailyDigest({ ...app.services, publicUrl: app.services.env.publicUrl })).toBeGreaterThanOrEqual(1);
    const digest = await app.nextMailTo(flagger.user.email, { seen });
    await drained();
    expect((await fresh()).map((mail) => mail.subject)).toEqual([TEXTS.notification.mail.digestSubject(4)]);
    const line = `・${TEXTS.notification.lines.flagOutcome(TEXTS.notification.lines.actions.dismiss ?? '', TEXTS.notification.lines.targets.report ?? '')}`;
    expect(digest.text.split('\n').filter((text) => text === line)).toHaveLength(4);
  });
});
