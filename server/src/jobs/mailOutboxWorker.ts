import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { MailOutboxEntry, Models } from '../models';
import { outboxTable, type BackoffPolicy } from './outboxLease';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from './outboxWorker';

export interface MailOutboxDeps {
  models: Pick<Models, 'MailOutboxEntry'>;
  mailer: Mailer;
  logger: Logger;
}

export const MAIL_BATCH_SIZE = 20;
/** Longer than one send may take with the transport's timeouts (mailer.ts), and renewed while sending. */
export const MAIL_LEASE_MS = 30_000;
/** A mail server that is down for long is tried every few minutes, not hammered: 2 s doubling up to 5 min. */
export const MAIL_BACKOFF: BackoffPolicy = { minMs: 2_000, maxMs: 5 * 60_000 };

/** Errors that say the mail server could not be reached at all: the other mails of the round would fail the same way. */
const SERVER_UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);

/**
 * Sending the mail outbox. A row is removed as soon as its mail is accepted, so a crash afterwards
 * re-sends at most the one mail in flight.
 */
export function mailOutboxHandler({ models, mailer }: Omit<MailOutboxDeps, 'logger'>): OutboxHandler<MailOutboxEntry> {
  return {
    name: 'mail outbox',
    table: outboxTable(models.MailOutboxEntry),
    wakeOn: models.MailOutboxEntry,
    defaults: { batchSize: MAIL_BATCH_SIZE, leaseMs: MAIL_LEASE_MS, backoff: MAIL_BACKOFF },
    messages: { failing: 'メールを送信できませんでした（あとで再送します）', recovered: 'メールの送信が回復しました' },
    async handle(entries, outcome) {
      for (const [index, entry] of entries.entries()) {
        try {
          await mailer.send({
            to: entry.recipient,
            subject: entry.subject,
            text: entry.body,
            ...(entry.replyTo ? { replyTo: entry.replyTo } : {}),
            ...(entry.headers ? { headers: JSON.parse(entry.headers) as Record<string, string> } : {}),
          });
        } catch (error) {
          const unreachable = SERVER_UNREACHABLE.has((error as { code?: string }).code ?? '');
          // Logged without the address or the body (they may hold a secret link).
          await outcome.failed(unreachable ? entries.slice(index) : [entry], error, { mailId: entry.id, kind: entry.kind });
          if (unreachable) return;
          continue;
        }
        await outcome.done([entry]);
      }
    },
  };
}

/** A worker of the mail outbox (several may run, in several processes: rows are leased). */
export function createMailOutboxWorker(deps: MailOutboxDeps, options: OutboxWorkerOptions<MailOutboxEntry> = {}): OutboxWorker {
  return createOutboxWorker(mailOutboxHandler(deps), deps.logger, options);
}
