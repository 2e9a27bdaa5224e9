import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes (an enquiry's sender); the mail itself still goes only to `to`. */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the digest). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * With SMTP_URL, mail goes to that server. Without it each message is written as an .eml file under
 * `${dataDir}/mail/`, so a developer can open the verification link without any mail server.
 */
export function createMailer({ smtpUrl, from, dataDir }: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (smtpUrl) {
    // Bounded waits: the mail worker's lease (30 s, renewed) must outlive a send that hangs.
    const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const mailDir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(mailDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
