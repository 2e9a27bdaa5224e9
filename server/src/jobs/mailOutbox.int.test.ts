import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEXTS } from '@hiraku/shared';
import { Op } from 'sequelize';
import { createHttpClient } from '../../test/support/httpClient';
import { linkIn, readMailbox, waitForMail } from '../../test/support/mailbox';
import { eventually } from '../../test/support/searchOutbox';
import { createMemberWithPassword, TEST_PASSWORD } from '../../test/support/session';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/support/smtpServer';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { enqueueMail } from '../commands/mailOutbox';
import { createLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { createMailOutboxWorker } from './mailOutboxWorker';

/**
 * The mail outbox against a real SMTP server that the test stops and starts: requests answer as usual
 * while it is down, and every mail arrives exactly once when it returns.
 */
describe('mail outbox', () => {
  let mailboxDir: string;
  let smtp: TestSmtpServer | undefined;
  let port: number;
  let app: TestApp;

  beforeAll(async () => {
    mailboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-mail-outbox-'));
    smtp = await startTestSmtpServer(mailboxDir);
    port = smtp.port;
    app = await startTestApp({ smtpUrl: smtp.url, env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await fs.rm(mailboxDir, { recursive: true, force: true });
  });

  const outboxCount = () => app.services.models.MailOutboxEntry.count();
  const mailsTo = async (to: string) => (await readMailbox(mailboxDir)).filter((mail) => mail.to === to);

  it('answers sign-up and reset as usual while the mail server is down, then delivers each mail once', async () => {
    const member = await createMemberWithPassword();
    await smtp?.stop();
    smtp = undefined;

    const newcomer = 'outbox-newcomer@example.com';
    const signUp = await createHttpClient(app.baseUrl).post('/api/signup', { email: newcomer, password: TEST_PASSWORD, agreedToTerms: true });
    expect(signUp.status).toBe(201);
    expect(signUp.body).toEqual({ message: TEXTS.account.signupSucceeded });
    const forgot = await createHttpClient(app.baseUrl).post('/api/password-reset/forgot-password', { email: member.email });
    expect(forgot.status).toBe(200);

    // Both mails wait in the outbox and have been tried (and failed) at least once, with a reason kept.
    await eventually(async () => (await app.services.models.MailOutboxEntry.count({ where: { attempts: { [Op.gte]: 2 } } })) === 2, 15_000, 'both mails failed twice');
    const waiting = await app.services.models.MailOutboxEntry.findAll({ order: [['id', 'ASC']] });
    expect(waiting.map((row) => [row.kind, row.recipient])).toEqual([
      ['verification', newcomer],
      ['passwordReset', member.email],
    ]);
    expect(waiting.every((row) => row.lastError !== null && row.availableAt.getTime() > row.createdAt.getTime())).toBe(true);

    smtp = await startTestSmtpServer(mailboxDir, { port });
    const verification = await waitForMail(mailboxDir, (mail) => mail.to === newcomer);
    const reset = await waitForMail(mailboxDir, (mail) => mail.to === member.email);
    await eventually(async () => (await outboxCount()) === 0, 15_000, 'the outbox is empty');
    expect(await mailsTo(newcomer)).toHaveLength(1);
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect(reset.subject).toBe('【ひらく】パスワード再設定のご案内');

    // The delayed link still works.
    const verify = await createHttpClient(app.baseUrl).get(`/api/signup/verify-email${linkIn(verification, '/verify-email').search}`);
    expect(verify.status).toBe(200);
    const user = await app.services.models.User.findOne({ where: { email: newcomer } });
    expect(user?.emailVerifiedAt).not.toBeNull();
  }, 60_000);

  it('queues nothing when the change that would cause the mail is rolled back', async () => {
    await expect(
      app.services.sequelize.transaction(async (transaction) => {
        await enqueueMail(app.services.models, 'enquiry', { to: 'support@example.com', subject: '件名', text: '本文' }, { transaction });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxCount()).toBe(0);
  });

  it('sends each mail once when several workers drain the outbox at the same time', async () => {
    const recipients = Array.from({ length: 24 }, (_, index) => `many-${index}@example.com`);
    await app.services.sequelize.transaction(async (transaction) => {
      for (const to of recipients) await enqueueMail(app.services.models, 'enquiry', { to, subject: 'お知らせ', text: to }, { transaction });
    });
    const logger = createLogger('silent');
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: app.services.env.MAIL_FROM, dataDir: app.dataDir });
    const workers = ['a', 'b', 'c'].map((workerId) =>
      createMailOutboxWorker({ models: app.services.models, mailer, logger }, { workerId, batchSize: 5 }),
    );
    // The app's own worker takes part too: four workers in all.
    await Promise.all(
      workers.map(async (worker) => {
        while ((await outboxCount()) > 0) await worker.drainOnce();
      }),
    );
    mailer.close();
    for (const to of recipients) expect(await mailsTo(to)).toHaveLength(1);
  }, 60_000);
});
