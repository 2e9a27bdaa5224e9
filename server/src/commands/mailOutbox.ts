import type { Transaction } from 'sequelize';
import type { OutgoingMail } from '../mail/mailer';
import type { MailKind, Models } from '../models';

/**
 * Queues a mail in the caller's transaction: it goes out (by the mail worker) exactly when the change
 * that caused it commits, and a mail server that is down only delays it.
 */
export async function enqueueMail(
  models: Pick<Models, 'MailOutboxEntry'>,
  kind: MailKind,
  mail: OutgoingMail,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  await models.MailOutboxEntry.create(
    { kind, recipient: mail.to, replyTo: mail.replyTo ?? null, subject: mail.subject, body: mail.text, headers: mail.headers ? JSON.stringify(mail.headers) : null, availableAt: new Date() },
    { transaction },
  );
}
