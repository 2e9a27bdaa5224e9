import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { MailOutboxEntry, Models } from '../models';
import { startOutboxRunner, type OutboxRunner } from './outboxRunner';
import { claimLeasedRows, completeEntries, extendLease, failEntries, type BackoffPolicy, type OutboxTable } from './outboxLease';
import { newWorkerId } from './searchOutboxWorker';

export interface MailOutboxWorkerDeps {
  models: Pick<Models, 'MailOutboxEntry'>;
  mailer: Mailer;
  logger: Logger;
}

export interface MailOutboxWorkerOptions {
  workerId?: string;
  batchSize?: number;
  leaseMs?: number;
  backoff?: BackoffPolicy;
}

export interface MailDrainResult {
  claimed: number;
  sent: number;
  failed: number;
  more: boolean;
}

export interface MailOutboxWorker {
  readonly workerId: string;
  /** One round: claim due mails, send them, remove the sent ones and reschedule the rest. Rounds never overlap. */
  drainOnce(): Promise<MailDrainResult>;
}

export const MAIL_BATCH_SIZE = 20;
/** Longer than one send may take with the transport's timeouts (mailer.ts), and renewed while sending. */
export const MAIL_LEASE_MS = 30_000;
/** A mail server that is down for long is tried every few minutes, not hammered. */
export const MAIL_BACKOFF: BackoffPolicy = { minMs: 2_000, maxMs: 5 * 60_000 };

/** Errors that say the mail server could not be reached at all: the other mails of the round would fail the same way. */
const SERVER_UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED']);

function mailTable({ MailOutboxEntry: model }: Pick<Models, 'MailOutboxEntry'>): OutboxTable<MailOutboxEntry> {
  return {
    findAll: (options) => model.findAll(options),
    update: (values, options) => model.update(values, options),
    destroy: (options) => model.destroy(options),
  };
}

/**
 * Sends the mail outbox. A row is deleted as soon as its mail is accepted, so a crash afterwards
 * re-sends at most the one mail in flight; several processes may run workers (leases, outboxLease.ts).
 * A mail that fails waits with a growing pause and is tried again; none is ever dropped.
 */
export function createMailOutboxWorker(deps: MailOutboxWorkerDeps, options: MailOutboxWorkerOptions = {}): MailOutboxWorker {
  const { mailer, logger } = deps;
  const table = mailTable(deps.models);
  const workerId = options.workerId ?? newWorkerId();
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const backoff = options.backoff ?? MAIL_BACKOFF;
  let failing = false;
  let running: Promise<MailDrainResult> = Promise.resolve({ claimed: 0, sent: 0, failed: 0, more: false });

  async function send(entry: MailOutboxEntry): Promise<void> {
    await mailer.send({ to: entry.recipient, subject: entry.subject, text: entry.body, ...(entry.replyTo ? { replyTo: entry.replyTo } : {}) });
  }

  async function round(): Promise<MailDrainResult> {
    const claim = await claimLeasedRows(table, { workerId, batchSize, leaseMs });
    if (claim.entries.length === 0) return { claimed: 0, sent: 0, failed: 0, more: claim.more };
    const ids = claim.entries.map((entry) => entry.id);
    const renewal = setInterval(() => {
      extendLease(table, workerId, ids, leaseMs).catch((error: unknown) => logger.warn({ err: error, workerId }, 'mail outbox lease could not be extended'));
    }, Math.max(leaseMs / 3, 10));
    let sent = 0;
    let failed = 0;
    try {
      for (const [index, entry] of claim.entries.entries()) {
        try {
          await send(entry);
        } catch (error) {
          // Once per outage, and without the address or the body (they may hold a secret link).
          if (!failing) logger.warn({ err: error, workerId, mailId: entry.id, kind: entry.kind }, 'メールを送信できませんでした（あとで再送します）');
          failing = true;
          const unreachable = SERVER_UNREACHABLE.has((error as { code?: string }).code ?? '');
          const rest = unreachable ? claim.entries.slice(index) : [entry];
          await failEntries(table, workerId, rest, error, { backoff });
          failed += rest.length;
          if (unreachable) break;
          continue;
        }
        await completeEntries(table, workerId, [entry.id]);
        sent += 1;
      }
    } finally {
      clearInterval(renewal);
    }
    if (sent > 0 && failed === 0 && failing) {
      failing = false;
      logger.info({ workerId }, 'メールの送信が回復しました');
    }
    return { claimed: claim.entries.length, sent, failed, more: claim.more };
  }

  return {
    workerId,
    drainOnce() {
      const next = running.catch(() => undefined).then(round);
      running = next;
      return next;
    },
  };
}

/** The mail worker running in the background, woken by every commit that queued a mail. */
export function startMailDelivery(deps: MailOutboxWorkerDeps, options: MailOutboxWorkerOptions & { idleMs?: number } = {}): OutboxRunner {
  const { idleMs, ...workerOptions } = options;
  return startOutboxRunner(createMailOutboxWorker(deps, workerOptions), deps.logger, { idleMs, wakeOn: deps.models.MailOutboxEntry, name: 'mail outbox' });
}
