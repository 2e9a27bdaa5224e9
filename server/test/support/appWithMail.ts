import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readMailbox, waitForMail, type ReceivedMail } from './mailbox';
import { startTestSmtpServer, type TestSmtpServer } from './smtpServer';
import { startTestApp, type TestApp } from './testApp';

export interface TestAppWithMail extends TestApp {
  smtp: TestSmtpServer;
  /** Every mail received so far, oldest first. */
  mails(): Promise<ReceivedMail[]>;
  /** The first mail to `to` that is not among `seen` (take `seen` from mails() before the action). */
  nextMailTo(to: string, options?: { seen?: ReceivedMail[]; timeoutMs?: number }): Promise<ReceivedMail>;
}

/** The real app sending real SMTP to a test SMTP server started in this process. */
export async function startTestAppWithMail(options: { env?: Record<string, string> } = {}): Promise<TestAppWithMail> {
  const mailboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-mailbox-'));
  const smtp = await startTestSmtpServer(mailboxDir);
  let app: TestApp;
  try {
    app = await startTestApp({ smtpUrl: smtp.url, env: options.env });
  } catch (error) {
    await smtp.stop();
    throw error;
  }
  return {
    ...app,
    smtp,
    mails: () => readMailbox(mailboxDir),
    async nextMailTo(to, { seen, timeoutMs } = {}) {
      return waitForMail(mailboxDir, (mail) => mail.to === to, { seen: seen ?? [], timeoutMs });
    },
    async close() {
      await app.close();
      await smtp.stop();
      await fs.rm(mailboxDir, { recursive: true, force: true });
    },
  };
}
