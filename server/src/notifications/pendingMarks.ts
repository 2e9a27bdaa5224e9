import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { isMysql } from '../db/connection';
import { writeTransaction } from '../db/transaction';
import { rowsQueued } from '../jobs/outboxRunner';
import type { Models } from '../models';
import { queueEvents, type NotificationEvent } from './events';

/**
 * The two hottest writes, a comment and a like, queue their notification in their own row: the row is
 * written with `notify_pending = 1` (migration 0023) instead of a second INSERT into notification_outbox.
 * On this 2-core VM each statement costs the API about 0.3-0.4 ms of CPU, most of it the socket write, and
 * that one statement was what kept comment create at 1.37x of its p50 without notifications (issue 20's
 * goal: 1.2x; bench/RESULTS.md, notifications section).
 *
 * The notification worker moves marked rows into the outbox at the start of each round
 * (promotePendingMarks), in one transaction, so from there on a comment or a like is an outbox event like
 * any other: its event id comes from the outbox's sequence (the streams resume by it), its fan-out is
 * fanOut.ts's, read at that time. A row deleted before the worker came (an unlike, an account deleted)
 * takes its mark with it; a comment hidden or deleted meanwhile is read as such by the fan-out.
 */
export const NOTIFY_PENDING = 1;

/** Rows moved per table and round; the outbox round that follows takes them in one batch. */
export const PROMOTE_BATCH_SIZE = 200;

/**
 * Wakes this process's notification worker once `transaction` commits, for a row written with its mark
 * (the worker of another process finds it at its next poll, as it finds outbox rows).
 */
export function notificationMarked(models: Pick<Models, 'NotificationOutboxEntry'>, transaction: Transaction): void {
  rowsQueued(models.NotificationOutboxEntry, transaction);
}

interface MarkedRow {
  event: NotificationEvent;
  at: number;
}

const toTime = (value: Date | string): number => new Date(value).getTime();

/**
 * Moves up to PROMOTE_BATCH_SIZE marked comments and likes into notification_outbox, oldest first, and
 * clears their marks, in one transaction. Answers how many rows were moved and whether more are waiting.
 *
 * Any number of workers may run it at once: on MariaDB each takes the marked rows no other transaction
 * holds (FOR UPDATE SKIP LOCKED; a row still being written by its request is skipped until it commits),
 * and the write transaction is READ COMMITTED, so no gap lock holds up the inserts of new comments and
 * likes. On SQLite the write transactions of the one process queue in turn.
 */
export async function promotePendingMarks(sequelize: Sequelize, limit = PROMOTE_BATCH_SIZE): Promise<{ moved: number; more: boolean }> {
  // Most polls find nothing: one statement, outside any transaction, says so.
  const [waiting] = await sequelize.query<{ comments: unknown; likes: unknown }>(
    'SELECT (SELECT 1 FROM comments WHERE notify_pending = 1 LIMIT 1) AS comments, (SELECT 1 FROM likes WHERE notify_pending = 1 LIMIT 1) AS likes',
    { type: QueryTypes.SELECT },
  );
  if (!waiting || (waiting.comments == null && waiting.likes == null)) return { moved: 0, more: false };

  return writeTransaction(sequelize, async (transaction) => {
    const lock = isMysql(sequelize) ? ' FOR UPDATE SKIP LOCKED' : '';
    const comments = await sequelize.query<{ id: number | string; created_at: Date | string }>(
      `SELECT id, created_at FROM comments WHERE notify_pending = 1 ORDER BY id LIMIT ${limit}${lock}`,
      { type: QueryTypes.SELECT, transaction },
    );
    const likes = await sequelize.query<{ report_id: number | string; user_id: number | string; created_at: Date | string }>(
      `SELECT report_id, user_id, created_at FROM likes WHERE notify_pending = 1 LIMIT ${limit}${lock}`,
      { type: QueryTypes.SELECT, transaction },
    );
    const marked: MarkedRow[] = [
      ...comments.map((row) => ({ event: { kind: 'comment', commentId: Number(row.id) } as const, at: toTime(row.created_at) })),
      ...likes.map((row) => ({ event: { kind: 'like', reportId: Number(row.report_id), likerId: Number(row.user_id) } as const, at: toTime(row.created_at) })),
    ];
    // Event ids in the order the writes happened, so a stream told of several hears them oldest first.
    marked.sort((a, b) => a.at - b.at);
    await queueEvents(sequelize, marked.map(({ event }) => event), transaction);
    if (comments.length > 0) {
      await sequelize.query('UPDATE comments SET notify_pending = NULL WHERE id IN (?)', { replacements: [comments.map((row) => row.id)], transaction });
    }
    if (likes.length > 0) {
      await sequelize.query(`UPDATE likes SET notify_pending = NULL WHERE (report_id, user_id) IN (${likes.map(() => '(?, ?)').join(', ')})`, {
        replacements: likes.flatMap((row) => [row.report_id, row.user_id]),
        transaction,
      });
    }
    return { moved: marked.length, more: comments.length === limit || likes.length === limit };
  });
}

/** Work the notification worker has not done yet, as one count: outbox rows and marked rows. */
export const PENDING_NOTIFICATION_WORK_SQL = `SELECT (SELECT COUNT(*) FROM notification_outbox)
  + (SELECT COUNT(*) FROM comments WHERE notify_pending = 1)
  + (SELECT COUNT(*) FROM likes WHERE notify_pending = 1) AS n`;

/** How much work the notification worker has left (tests and benchmarks wait for none). */
export async function pendingNotificationWork(sequelize: Sequelize): Promise<number> {
  const [row] = await sequelize.query<{ n: number | string }>(PENDING_NOTIFICATION_WORK_SQL, { type: QueryTypes.SELECT });
  return Number(row?.n ?? 0);
}
