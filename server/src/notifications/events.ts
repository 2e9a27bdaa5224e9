import type { CaseChange } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { queueOutboxRows } from '../jobs/outboxQueue';
import type { Models } from '../models';

/** Who a moderation notification is about: the member's report, comment, account, or any content. */
export type DecisionTarget = 'report' | 'comment' | 'member' | 'content';

/**
 * What other features tell the notifications module. Each names its cause by id only: the worker reads
 * the rows when it fans out, so a cause deleted meanwhile notifies no one.
 */
export type NotificationEvent =
  | { kind: 'comment'; commentId: number }
  | { kind: 'like'; reportId: number; likerId: number }
  /**
   * An operator's decision on the member's content or account (action: hide, delete, warn, suspend...);
   * `caseId` leads to the decision page (/decisions/:caseId), where the member may appeal.
   */
  | { kind: 'decision'; userId: number; action: string; target: DecisionTarget; caseId?: number; reportId?: number | null; commentId?: number | null }
  /** The answer to the member's appeal of a decision (outcome: uphold, overturn); `caseId`: the decision appealed. */
  | { kind: 'appeal'; userId: number; outcome: string; target: DecisionTarget; caseId?: number; reportId?: number | null; commentId?: number | null }
  /** The outcome of flags: every flagger is told (outcome: the action taken, or dismiss). */
  | { kind: 'flagOutcome'; userIds: readonly number[]; outcome: string; target: DecisionTarget }
  | { kind: 'announcement'; announcementId: number }
  /** Follows, kinds/follows.ts: a report published, to its author's approved followers. */
  | { kind: 'followedReport'; reportId: number }
  /** A member began to follow `followeeId` (approved at once), or asked to (フォロー承認制). */
  | { kind: 'newFollower' | 'followRequest'; followerId: number; followeeId: number }
  /** `followeeId` approved the requests of `followerIds` (one, or all waiting when they turned approval off). */
  | { kind: 'followApproved'; followeeId: number; followerIds: readonly number[] }
  /** For operators' streams, no member's notification (cases.ts): a case opened, escalated (a more severe flag, or 要相談 for the admins: issue 38), passed its due time, or closed. */
  | { kind: 'case'; caseId: number; change: CaseChange };

/**
 * THE entry of the notifications module for every other feature, a comment and a like included: queues `event` in the caller's transaction, one small insert, so the
 * write stays fast; the notification worker (fanOut.ts) makes the notifications after the commit and
 * tells the members' open streams. Nothing is queued when the transaction rolls back.
 */
export async function notify(
  models: Pick<Models, 'NotificationOutboxEntry'>,
  event: NotificationEvent,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  await queueOutboxRows(models.NotificationOutboxEntry, ['kind', 'payload'], [[event.kind, JSON.stringify(event)]], { transaction });
}

/** Work the notification worker has not done yet: the outbox's rows. */
export const PENDING_NOTIFICATION_WORK_SQL = 'SELECT COUNT(*) AS n FROM notification_outbox';

/** How much work the notification worker has left (tests and benchmarks wait for none). */
export async function pendingNotificationWork(sequelize: Sequelize): Promise<number> {
  const [row] = await sequelize.query<{ n: number | string }>(PENDING_NOTIFICATION_WORK_SQL, { type: QueryTypes.SELECT });
  return Number(row?.n ?? 0);
}
