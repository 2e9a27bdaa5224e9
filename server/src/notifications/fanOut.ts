import { japanDay, SEVERE_PRIORITY_MAX } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { isMysql, sqlDateTime } from '../db/connection';
import { writeTransaction } from '../db/transaction';
import { outboxTable, type BackoffPolicy } from '../jobs/outboxLease';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from '../jobs/outboxWorker';
import type { Logger } from '../logger';
import type { Models, NotificationOutboxEntry } from '../models';
import type { BusMessage, NotificationBus } from './bus';
import type { NotificationEvent } from './events';
import { actorMayNotifyColumnsSql, actorMayNotifyFromColumns } from './suppression';

type MayNotifyColumns = Parameters<typeof actorMayNotifyFromColumns>[0];

export interface FanOutDeps {
  models: Models;
  sequelize: Sequelize;
  bus: NotificationBus;
  logger: Logger;
}

export const NOTIFICATION_BATCH_SIZE = 50;
export const NOTIFICATION_LEASE_MS = 30_000;
export const NOTIFICATION_BACKOFF: BackoffPolicy = { minMs: 500, maxMs: 60_000 };
/** Polled often: a notification made by another process's write should reach its stream within a second. */
export const NOTIFICATION_IDLE_MS = 250;

interface Made {
  messages: BusMessage[];
}

async function one<T extends object>(sequelize: Sequelize, sql: string, replacements: unknown[], transaction: Transaction): Promise<T | undefined> {
  const [row] = await sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  return row;
}

/** A notification for one member with one actor, or the actor added to the member's group (likes). */
async function addForMember(
  deps: FanOutDeps,
  entry: NotificationOutboxEntry,
  fields: { userId: number; kind: string; reportId?: number | null; commentId?: number | null; payload?: object | null; groupKey?: string | null; actorId?: number | null },
  transaction: Transaction,
): Promise<BusMessage | null> {
  const { Notification } = deps.models;
  const now = new Date();
  const eventId = Number(entry.id);
  let notificationId: number;
  if (fields.groupKey) {
    // The group, locked, and whether this actor is in it already: one statement.
    const group = await one<{ id: number | string; present: number | string }>(
      deps.sequelize,
      `SELECT n.id, (SELECT COUNT(*) FROM notification_actors a WHERE a.notification_id = n.id AND a.actor_id = ?) AS present
         FROM notifications n WHERE n.user_id = ? AND n.group_key = ?${isMysql(deps.sequelize) ? ' FOR UPDATE' : ''}`,
      [fields.actorId ?? 0, fields.userId, fields.groupKey],
      transaction,
    );
    if (group) {
      // Liked again the same day (after an unlike): nothing new to say.
      if (fields.actorId && Number(group.present) > 0) return null;
      notificationId = Number(group.id);
      // New activity: the group is unread again and moves up the list.
      await deps.sequelize.query('UPDATE notifications SET event_id = ?, read_at = NULL, updated_at = ? WHERE id = ?', {
        replacements: [eventId, sqlDateTime(deps.sequelize, now), notificationId],
        transaction,
      });
    } else {
      notificationId = (await Notification.create({ userId: fields.userId, kind: fields.kind, reportId: fields.reportId ?? null, groupKey: fields.groupKey, eventId }, { transaction })).id;
    }
  } else {
    notificationId = (
      await Notification.create(
        {
          userId: fields.userId,
          kind: fields.kind,
          reportId: fields.reportId ?? null,
          commentId: fields.commentId ?? null,
          payload: fields.payload ? JSON.stringify(fields.payload) : null,
          eventId,
        },
        { transaction },
      )
    ).id;
  }
  if (fields.actorId) {
    await deps.sequelize.query('INSERT INTO notification_actors (notification_id, actor_id, created_at) VALUES (?, ?, ?)', {
      replacements: [notificationId, fields.actorId, sqlDateTime(deps.sequelize, now)],
      transaction,
    });
  }
  return { type: 'notification', userId: fields.userId, eventId };
}

/** Makes the notifications of one outbox row in `transaction`; answers what to tell the streams after the commit. */
async function fanOut(deps: FanOutDeps, entry: NotificationOutboxEntry, transaction: Transaction): Promise<Made> {
  const event = JSON.parse(entry.payload) as NotificationEvent;
  const { sequelize } = deps;
  const messages: BusMessage[] = [];
  const push = (message: BusMessage | null) => {
    if (message) messages.push(message);
  };
  switch (event.kind) {
    case 'comment': {
      // Read now, not when queued: a comment deleted or hidden meanwhile notifies no one.
      // The comment, its report's author, and whether its author may notify them: one statement.
      const row = await one<{ author_id: number; report_id: number; recipient: number } & MayNotifyColumns>(
        sequelize,
        `SELECT c.author_id, c.report_id, r.author_id AS recipient, ${actorMayNotifyColumnsSql('c.author_id', 'r.author_id', '?')}
           FROM comments c JOIN reports r ON r.id = c.report_id
          WHERE c.id = ? AND c.deleted_at IS NULL AND c.hidden_at IS NULL AND r.is_draft = 0`,
        [sqlDateTime(sequelize, new Date()), event.commentId],
        transaction,
      );
      if (!row) break;
      const recipientId = Number(row.recipient);
      const actorId = Number(row.author_id);
      if (!actorMayNotifyFromColumns(row, { recipientId, actorId })) break;
      push(await addForMember(deps, entry, { userId: recipientId, kind: 'comment', reportId: Number(row.report_id), commentId: event.commentId, actorId }, transaction));
      break;
    }
    case 'like': {
      // The like, its report's author, and whether the liker may notify them: one statement.
      const row = await one<{ recipient: number; liked_at: Date | string } & MayNotifyColumns>(
        sequelize,
        `SELECT r.author_id AS recipient, l.created_at AS liked_at, ${actorMayNotifyColumnsSql('l.user_id', 'r.author_id', '?')}
           FROM likes l JOIN reports r ON r.id = l.report_id WHERE l.report_id = ? AND l.user_id = ?`,
        [sqlDateTime(sequelize, new Date()), event.reportId, event.likerId],
        transaction,
      );
      // Unliked before the worker came: nothing to say.
      if (!row) break;
      const recipientId = Number(row.recipient);
      if (!actorMayNotifyFromColumns(row, { recipientId, actorId: event.likerId })) break;
      const day = japanDay(new Date(row.liked_at));
      push(
        await addForMember(deps, entry, { userId: recipientId, kind: 'likes', reportId: event.reportId, groupKey: `likes:${event.reportId}:${day}`, actorId: event.likerId }, transaction),
      );
      break;
    }
    case 'decision':
    case 'appeal': {
      const payload = {
        ...(event.kind === 'decision' ? { action: event.action } : { outcome: event.outcome }),
        target: event.target,
        ...(event.caseId !== undefined ? { caseId: event.caseId } : {}),
      };
      push(await addForMember(deps, entry, { userId: event.userId, kind: event.kind, reportId: event.reportId ?? null, commentId: event.commentId ?? null, payload }, transaction));
      break;
    }
    case 'flagOutcome': {
      for (const userId of new Set(event.userIds)) {
        push(await addForMember(deps, entry, { userId, kind: 'flagOutcome', payload: { outcome: event.outcome, target: event.target } }, transaction));
      }
      break;
    }
    case 'announcement': {
      const at = sqlDateTime(sequelize, new Date());
      // One statement for every member, however many: suspended members are left out, as from everything else.
      await sequelize.query(
        `INSERT INTO notifications (user_id, kind, announcement_id, event_id, created_at, updated_at)
         SELECT id, 'announcement', ?, ?, ?, ? FROM users WHERE suspended_at IS NULL`,
        { replacements: [event.announcementId, Number(entry.id), at, at], transaction },
      );
      push({ type: 'broadcast', eventId: Number(entry.id) });
      break;
    }
    case 'case': {
      // For operators' streams only (cases.ts): nothing is stored, the hub reads the queue's counts.
      const found = await deps.models.ModerationCase.findByPk(event.caseId, { attributes: ['id', 'status', 'priority'], transaction });
      // Gone, or closed before the worker came: an overdue case that is no longer open is nothing to tell.
      if (!found || (event.change === 'overdue' && found.status !== 'open')) break;
      push({ type: 'case', eventId: Number(entry.id), caseId: event.caseId, change: event.change, severe: found.priority <= SEVERE_PRIORITY_MAX });
      break;
    }
  }
  return { messages };
}

/** The notification outbox: each row fanned out in a transaction of its own, then told to every API process. */
export function notificationOutboxHandler(deps: FanOutDeps): OutboxHandler<NotificationOutboxEntry> {
  return {
    name: 'notification outbox',
    table: outboxTable(deps.models.NotificationOutboxEntry),
    wakeOn: deps.models.NotificationOutboxEntry,
    defaults: { batchSize: NOTIFICATION_BATCH_SIZE, leaseMs: NOTIFICATION_LEASE_MS, backoff: NOTIFICATION_BACKOFF },
    messages: { failing: '通知を作成できませんでした（あとで再試行します）', recovered: '通知の作成が回復しました' },
    async handle(entries, outcome) {
      const publish = async (made: Made) => {
        for (const message of made.messages) {
          // Stored already: a stream that misses this sees it on its next load or resume.
          await deps.bus.publish(message).catch((error: unknown) => deps.logger.warn({ err: error }, '通知をストリームに配信できませんでした'));
        }
      };
      // The whole batch in one transaction: under a stream of likes and comments the worker keeps up
      // (a transaction per row costs three statements more each). Should any row fail, the batch is
      // rolled back and each row is tried on its own, so one bad row holds back no other.
      const whole = await writeTransaction(deps.sequelize, async (transaction) => {
        const made: Made = { messages: [] };
        for (const entry of entries) made.messages.push(...(await fanOut(deps, entry, transaction)).messages);
        return made;
      }).catch(() => null);
      if (whole) {
        await outcome.done(entries);
        await publish(whole);
        return;
      }
      for (const entry of entries) {
        let made: Made;
        try {
          made = await writeTransaction(deps.sequelize, (transaction) => fanOut(deps, entry, transaction));
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
