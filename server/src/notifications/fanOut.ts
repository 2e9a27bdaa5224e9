import { writeTransaction } from '../db/transaction';
import { outboxTable, type BackoffPolicy } from '../jobs/outboxLease';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from '../jobs/outboxWorker';
import type { NotificationOutboxEntry } from '../models';
import type { BusMessage } from './bus';
import { fanOutEntries, type FanOutDeps, type Told } from './kinds';
import { presentTold } from './present';

export type { FanOutDeps } from './kinds';

/** Rows per round: a round's statements are the same for one row or many (fanOutEntries), so under a stream of writes larger rounds cost less each. */
export const NOTIFICATION_BATCH_SIZE = 200;
export const NOTIFICATION_LEASE_MS = 30_000;
export const NOTIFICATION_BACKOFF: BackoffPolicy = { minMs: 500, maxMs: 60_000 };
/** Polled often: a write whose wake was lost (Redis down: jobs/outboxWake.ts) should still reach its stream within a second. */
export const NOTIFICATION_IDLE_MS = 250;
/**
 * Woken rounds start at least this far apart: under a stream of likes and comments, each woken at its
 * commit, one round takes the rows of this long instead of one round per write, for at most this long
 * more on the way to the stream. Each round costs its claim, fan-out and completion statements beside
 * the writes on the same cores; the choice between 100 and 150 ms is in bench/RESULTS.md (Notifications).
 */
export const NOTIFICATION_ROUND_GAP_MS = 150;
const PUBLISH_SLICE = 1_000;

/** The notification outbox: each row fanned out in a transaction of its own, then told to every API process. */
export function notificationOutboxHandler(deps: FanOutDeps): OutboxHandler<NotificationOutboxEntry> {
  return {
    name: 'notification outbox',
    table: outboxTable(deps.models.NotificationOutboxEntry),
    wakeOn: deps.models.NotificationOutboxEntry,
    defaults: { batchSize: NOTIFICATION_BATCH_SIZE, leaseMs: NOTIFICATION_LEASE_MS, backoff: NOTIFICATION_BACKOFF },
    messages: { failing: '通知を作成できませんでした（あとで再試行します）', recovered: '通知の作成が回復しました' },
    async handle(entries, outcome) {
      // Stored already: presented once here, then written by every stream as it comes (present.ts). A
      // stream that misses it (a failure here, a bus outage) sees it on its next load or resume.
      const publish = async (told: Told[]) => {
        try {
          const messages: BusMessage[] = await presentTold(deps, told);
          // In slices: a round may tell tens of thousands of members, more than a call's arguments may hold.
          for (let start = 0; start < messages.length; start += PUBLISH_SLICE) await deps.bus.publish(...messages.slice(start, start + PUBLISH_SLICE));
        } catch (error) {
          deps.logger.warn({ err: error }, '通知をストリームに配信できませんでした');
        }
      };
      // The whole batch in one transaction: under a stream of likes and comments the worker keeps up
      // (a transaction per row costs three statements more each). Should any row fail, the batch is
      // rolled back and each row is tried on its own, so one bad row holds back no other.
      const whole = await writeTransaction(deps.sequelize, (transaction) => fanOutEntries(deps, entries, transaction)).catch((error: unknown) => {
        deps.logger.warn({ err: error, rows: entries.length }, '通知のまとめ処理に失敗したため、1件ずつ作成し直します');
        return null;
      });
      if (whole) {
        await outcome.done(entries);
        await publish(whole);
        return;
      }
      for (const entry of entries) {
        let made: Told[];
        try {
          made = await writeTransaction(deps.sequelize, (transaction) => fanOutEntries(deps, [entry], transaction));
        } catch (error) {
          await outcome.failed([entry], error, { notificationEventId: entry.id, kind: entry.kind });
          continue;
        }
        await outcome.done([entry]);
        await publish(made);
      }
    },
  };
}

/** A worker of the notification outbox (several may run, in several processes: rows are leased). */
export function createNotificationWorker(deps: FanOutDeps, options: OutboxWorkerOptions<NotificationOutboxEntry> = {}): OutboxWorker {
  return createOutboxWorker(notificationOutboxHandler(deps), deps.logger, options);
}
