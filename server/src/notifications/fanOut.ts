import { japanDay, SEVERE_PRIORITY_MAX } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { isMysql, sqlDateTime } from '../db/connection';
import { insertRows } from '../db/insertRows';
import { writeTransaction } from '../db/transaction';
import { outboxTable, type BackoffPolicy } from '../jobs/outboxLease';
import { createOutboxWorker, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from '../jobs/outboxWorker';
import type { Logger } from '../logger';
import type { Models, NotificationOutboxEntry } from '../models';
import type { BusMessage, NotificationBus } from './bus';
import type { NotificationEvent } from './events';
import { fanOutFollowEvent } from './fanOutFollows';
import { promotePendingMarks } from './pendingMarks';
import { actorMayNotifyColumnsSql, actorMayNotifyFromColumns } from './suppression';

type MayNotifyColumns = Parameters<typeof actorMayNotifyFromColumns>[0];

export interface FanOutDeps {
  models: Models;
  sequelize: Sequelize;
  bus: NotificationBus;
  logger: Logger;
}

/** Rows per round: a round's statements are the same for one row or many (fanOutEntries), so under a stream of writes larger rounds cost less each. */
export const NOTIFICATION_BATCH_SIZE = 200;
export const NOTIFICATION_LEASE_MS = 30_000;
export const NOTIFICATION_BACKOFF: BackoffPolicy = { minMs: 500, maxMs: 60_000 };
/** Polled often: a notification made by another process's write should reach its stream within a second. */
export const NOTIFICATION_IDLE_MS = 250;

interface Made {
  messages: BusMessage[];
}

/** A notification for one member (a decision, an appeal's outcome, a flag's outcome): no actor, no group. */
async function addForMember(
  deps: FanOutDeps,
  entry: NotificationOutboxEntry,
  fields: { userId: number; kind: string; reportId?: number | null; commentId?: number | null; payload?: object | null },
  transaction: Transaction,
): Promise<BusMessage> {
  const eventId = Number(entry.id);
  await deps.models.Notification.create(
    {
      userId: fields.userId,
      kind: fields.kind,
      reportId: fields.reportId ?? null,
      commentId: fields.commentId ?? null,
      payload: fields.payload ? JSON.stringify(fields.payload) : null,
      eventId,
    },
    { transaction },
  );
  return { type: 'notification', userId: fields.userId, eventId };
}

/** Makes the notifications of one outbox row other than a comment or a like in `transaction`; answers what to tell the streams after the commit. */
async function fanOutOne(deps: FanOutDeps, entry: NotificationOutboxEntry, event: NotificationEvent, transaction: Transaction): Promise<Made> {
  const { sequelize } = deps;
  const messages: BusMessage[] = [];
  const push = (message: BusMessage | null) => {
    if (message) messages.push(message);
  };
  switch (event.kind) {
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
    case 'followedReport':
    case 'newFollower':
    case 'followRequest':
    case 'followApproved':
      messages.push(...(await fanOutFollowEvent(sequelize, entry, event, transaction)));
      break;
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

type EventOf<K extends NotificationEvent['kind']> = Extract<NotificationEvent, { kind: K }>;

const ACTOR_COLUMNS = ['notification_id', 'actor_id', 'created_at'] as const;

const eventIdOf = (message: BusMessage): number => ('eventId' in message ? message.eventId : 0);

/**
 * The comments of a batch, whatever their number, in four statements (issue 20: the fan-out shares the
 * machine with the writes it follows, and a statement and a model instance per comment cost the worker
 * about a millisecond each under load). Read now, not when queued: a comment deleted or hidden meanwhile
 * notifies no one, nor one whose author may not notify the report's author (suppression.ts).
 */
async function fanOutComments(deps: FanOutDeps, entries: ReadonlyArray<{ entry: NotificationOutboxEntry; event: EventOf<'comment'> }>, transaction: Transaction): Promise<BusMessage[]> {
  if (entries.length === 0) return [];
  const { sequelize } = deps;
  const now = sqlDateTime(sequelize, new Date());
  const rows = await sequelize.query<{ id: number | string; author_id: number | string; report_id: number | string; recipient: number | string } & MayNotifyColumns>(
    `SELECT c.id, c.author_id, c.report_id, r.author_id AS recipient, ${actorMayNotifyColumnsSql('c.author_id', 'r.author_id', ':now')}
       FROM comments c JOIN reports r ON r.id = c.report_id
      WHERE c.id IN (:ids) AND c.deleted_at IS NULL AND c.hidden_at IS NULL AND r.is_draft = 0`,
    { replacements: { now, ids: entries.map(({ event }) => event.commentId) }, type: QueryTypes.SELECT, transaction },
  );
  const byComment = new Map(rows.map((row) => [Number(row.id), row]));
  const made = entries.flatMap(({ entry, event }) => {
    const row = byComment.get(event.commentId);
    if (!row) return [];
    const recipientId = Number(row.recipient);
    const actorId = Number(row.author_id);
    return actorMayNotifyFromColumns(row, { recipientId, actorId }) ? [{ userId: recipientId, actorId, reportId: Number(row.report_id), commentId: event.commentId, eventId: Number(entry.id) }] : [];
  });
  if (made.length === 0) return [];
  await insertRows(
    sequelize,
    'notifications',
    ['user_id', 'kind', 'report_id', 'comment_id', 'event_id', 'created_at', 'updated_at'],
    made.map((n) => [n.userId, 'comment', n.reportId, n.commentId, n.eventId, now, now]),
    { transaction },
  );
  // Their ids, by the (member, event) index: an event makes one notification per member.
  const stored = await sequelize.query<{ id: number | string; user_id: number | string; event_id: number | string }>(
    'SELECT id, user_id, event_id FROM notifications WHERE user_id IN (:users) AND event_id IN (:events)',
    { replacements: { users: [...new Set(made.map((n) => n.userId))], events: made.map((n) => n.eventId) }, type: QueryTypes.SELECT, transaction },
  );
  const idOf = new Map(stored.map((row) => [`${Number(row.user_id)}:${Number(row.event_id)}`, Number(row.id)]));
  await insertRows(sequelize, 'notification_actors', ACTOR_COLUMNS, made.map((n) => [idOf.get(`${n.userId}:${n.eventId}`), n.actorId, now]), { transaction });
  return made.map((n) => ({ type: 'notification', userId: n.userId, eventId: n.eventId }));
}

/**
 * The likes of a batch, whatever their number, in at most seven statements. A like joins its report's
 * group of the Japanese day for the author (one row per member, report and day, `group_key`); the group
 * becomes unread again and moves up with each new liker, and a member liking again the same day (after an
 * unlike) says nothing new. A like taken back before the worker came, or whose liker may not notify the
 * author, makes nothing.
 */
async function fanOutLikes(deps: FanOutDeps, entries: ReadonlyArray<{ entry: NotificationOutboxEntry; event: EventOf<'like'> }>, transaction: Transaction): Promise<BusMessage[]> {
  if (entries.length === 0) return [];
  const { sequelize } = deps;
  const now = sqlDateTime(sequelize, new Date());
  const rows = await sequelize.query<{ report_id: number | string; user_id: number | string; recipient: number | string; liked_at: Date | string } & MayNotifyColumns>(
    `SELECT l.report_id, l.user_id, r.author_id AS recipient, l.created_at AS liked_at, ${actorMayNotifyColumnsSql('l.user_id', 'r.author_id', ':now')}
       FROM likes l JOIN reports r ON r.id = l.report_id
      WHERE l.report_id IN (:reports) AND l.user_id IN (:likers)`,
    {
      replacements: { now, reports: [...new Set(entries.map(({ event }) => event.reportId))], likers: [...new Set(entries.map(({ event }) => event.likerId))] },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const likeOf = new Map(rows.map((row) => [`${Number(row.report_id)}:${Number(row.user_id)}`, row]));
  /** Per group: its member, report, the newest event and the likers in the order they came. */
  const groups = new Map<string, { userId: number; reportId: number; groupKey: string; eventId: number; likers: number[] }>();
  for (const { entry, event } of entries) {
    const row = likeOf.get(`${event.reportId}:${event.likerId}`);
    if (!row) continue;
    const recipientId = Number(row.recipient);
    if (!actorMayNotifyFromColumns(row, { recipientId, actorId: event.likerId })) continue;
    const groupKey = `likes:${event.reportId}:${japanDay(new Date(row.liked_at))}`;
    const key = `${recipientId}:${groupKey}`;
    const group = groups.get(key) ?? { userId: recipientId, reportId: event.reportId, groupKey, eventId: 0, likers: [] };
    if (!group.likers.includes(event.likerId)) group.likers.push(event.likerId);
    group.eventId = Math.max(group.eventId, Number(entry.id));
    groups.set(key, group);
  }
  if (groups.size === 0) return [];
  const users = [...new Set([...groups.values()].map((g) => g.userId))];
  const keys = [...new Set([...groups.values()].map((g) => g.groupKey))];
  const readGroups = () =>
    sequelize.query<{ id: number | string; user_id: number | string; group_key: string }>(
      `SELECT id, user_id, group_key FROM notifications WHERE user_id IN (:users) AND group_key IN (:keys)${isMysql(sequelize) ? ' FOR UPDATE' : ''}`,
      { replacements: { users, keys }, type: QueryTypes.SELECT, transaction },
    );
  const existing = new Map((await readGroups()).map((row) => [`${Number(row.user_id)}:${row.group_key}`, Number(row.id)]));
  // Who is in the existing groups already: a liker back the same day brings nothing new.
  const present = new Set<string>();
  if (existing.size > 0) {
    const actors = await sequelize.query<{ notification_id: number | string; actor_id: number | string }>(
      'SELECT notification_id, actor_id FROM notification_actors WHERE notification_id IN (:ids) AND actor_id IN (:likers)',
      { replacements: { ids: [...existing.values()], likers: [...new Set([...groups.values()].flatMap((g) => g.likers))] }, type: QueryTypes.SELECT, transaction },
    );
    for (const actor of actors) present.add(`${Number(actor.notification_id)}:${Number(actor.actor_id)}`);
  }
  const told = [...groups.entries()].flatMap(([key, group]) => {
    const id = existing.get(key);
    const likers = id === undefined ? group.likers : group.likers.filter((liker) => !present.has(`${id}:${liker}`));
    return likers.length > 0 ? [{ ...group, key, id, likers }] : [];
  });
  if (told.length === 0) return [];
  const fresh = told.filter((group) => group.id === undefined);
  if (fresh.length > 0) {
    await insertRows(
      sequelize,
      'notifications',
      ['user_id', 'kind', 'report_id', 'group_key', 'event_id', 'created_at', 'updated_at'],
      fresh.map((g) => [g.userId, 'likes', g.reportId, g.groupKey, g.eventId, now, now]),
      { transaction },
    );
    for (const row of await readGroups()) existing.set(`${Number(row.user_id)}:${row.group_key}`, Number(row.id));
  }
  const renewed = told.filter((group) => group.id !== undefined);
  if (renewed.length > 0) {
    // New activity: the group is unread again and moves up the list.
    await sequelize.query(`UPDATE notifications SET event_id = CASE id ${renewed.map(() => 'WHEN ? THEN ?').join(' ')} END, read_at = NULL, updated_at = ? WHERE id IN (?)`, {
      replacements: [...renewed.flatMap((g) => [g.id, g.eventId]), now, renewed.map((g) => g.id)],
      transaction,
    });
  }
  await insertRows(sequelize, 'notification_actors', ACTOR_COLUMNS, told.flatMap((g) => g.likers.map((liker) => [existing.get(g.key), liker, now])), { transaction });
  return told.map((g) => ({ type: 'notification', userId: g.userId, eventId: g.eventId }));
}

/** Makes the notifications of outbox rows in `transaction`: comments and likes set by set, the rest one by one. */
async function fanOutEntries(deps: FanOutDeps, entries: readonly NotificationOutboxEntry[], transaction: Transaction): Promise<Made> {
  const comments: Array<{ entry: NotificationOutboxEntry; event: EventOf<'comment'> }> = [];
  const likes: Array<{ entry: NotificationOutboxEntry; event: EventOf<'like'> }> = [];
  const messages: BusMessage[] = [];
  for (const entry of entries) {
    const event = JSON.parse(entry.payload) as NotificationEvent;
    if (event.kind === 'comment') comments.push({ entry, event });
    else if (event.kind === 'like') likes.push({ entry, event });
    else messages.push(...(await fanOutOne(deps, entry, event, transaction)).messages);
  }
  messages.push(...(await fanOutComments(deps, comments, transaction)), ...(await fanOutLikes(deps, likes, transaction)));
  // In the order they happened, so a stream told of several hears them oldest first.
  return { messages: messages.sort((a, b) => eventIdOf(a) - eventIdOf(b)) };
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
      // Stored already: a stream that misses this sees it on its next load or resume.
      const publish = (made: Made) => deps.bus.publish(...made.messages).catch((error: unknown) => deps.logger.warn({ err: error }, '通知をストリームに配信できませんでした'));
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
        let made: Made;
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

/**
 * A worker of the notification outbox (several may run, in several processes: rows are leased). Each
 * round first moves the comments and likes written with their mark into the outbox (pendingMarks.ts),
 * then fans out what the outbox holds, those rows included.
 */
export function createNotificationWorker(deps: FanOutDeps, options: OutboxWorkerOptions<NotificationOutboxEntry> = {}): OutboxWorker {
  const outbox = createOutboxWorker(notificationOutboxHandler(deps), deps.logger, options);
  return {
    workerId: outbox.workerId,
    name: outbox.name,
    ...(outbox.wakeOn ? { wakeOn: outbox.wakeOn } : {}),
    async drainOnce() {
      const promoted = await promotePendingMarks(deps.sequelize);
      const result = await outbox.drainOnce();
      return { ...result, more: result.more || promoted.more };
    },
  };
}
