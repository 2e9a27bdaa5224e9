import { japanDay } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { isMysql, sqlDateTime } from '../../db/connection';
import { insertRows } from '../../db/insertRows';
import type { NotificationOutboxEntry } from '../../models';
import { activeMemberSql, notifiableSql } from '../../visibility';
import type { NotificationEvent } from '../events';
import { actorMayNotify } from '../suppression';
import type { Told } from './types';

/*
 * The notifications of follows. Each event names its members and report by id and is read
 * anew here, so a follow ended, a request withdrawn or declined, or a report unpublished, hidden or
 * deleted before the worker came notifies no one; a block or mute between the two members keeps it
 * away (suppression.ts), and the list hides it again should one come later (store.ts).
 */

type FollowEvent = Extract<NotificationEvent, { kind: 'followedReport' | 'newFollower' | 'followRequest' | 'followApproved' }>;

const one = async <Row extends object>(sequelize: Sequelize, sql: string, replacements: Record<string, unknown>, transaction: Transaction): Promise<Row | undefined> =>
  (await sequelize.query<Row>(sql, { replacements, type: QueryTypes.SELECT, transaction }))[0];

/**
 * Adds `actorId` to the member's group `groupKey` of `kind`, making the group if there is none: it becomes
 * unread again and moves up the list. An actor already in the group brings nothing new (a member who
 * unfollows and follows again the same day). Answers what to tell the member's streams, or null.
 */
async function joinGroup(
  sequelize: Sequelize,
  { userId, kind, groupKey, actorId, eventId, now }: { userId: number; kind: string; groupKey: string; actorId: number; eventId: number; now: string },
  transaction: Transaction,
): Promise<Told | null> {
  const find = () =>
    one<{ id: number | string }>(sequelize, `SELECT id FROM notifications WHERE user_id = :userId AND group_key = :groupKey${isMysql(sequelize) ? ' FOR UPDATE' : ''}`, { userId, groupKey }, transaction);
  const existing = await find();
  if (existing) {
    const present = await one(sequelize, 'SELECT 1 AS one FROM notification_actors WHERE notification_id = :id AND actor_id = :actorId', { id: existing.id, actorId }, transaction);
    if (present) return null;
    await sequelize.query('UPDATE notifications SET event_id = :eventId, read_at = NULL, updated_at = :now WHERE id = :id', {
      replacements: { eventId, now, id: existing.id },
      transaction,
    });
  } else {
    await insertRows(sequelize, 'notifications', ['user_id', 'kind', 'group_key', 'event_id', 'created_at', 'updated_at'], [[userId, kind, groupKey, eventId, now, now]], { transaction });
  }
  const id = existing?.id ?? (await find())?.id;
  await insertRows(sequelize, 'notification_actors', ['notification_id', 'actor_id', 'created_at'], [[id, actorId, now]], { transaction });
  return { type: 'notification', userId, eventId };
}

/** One notification with its one actor, not grouped (a request approved happens once). */
async function addWithActor(
  sequelize: Sequelize,
  { userId, kind, actorId, eventId, now }: { userId: number; kind: string; actorId: number; eventId: number; now: string },
  transaction: Transaction,
): Promise<Told> {
  await insertRows(sequelize, 'notifications', ['user_id', 'kind', 'event_id', 'created_at', 'updated_at'], [[userId, kind, eventId, now, now]], { transaction });
  const made = await one<{ id: number | string }>(sequelize, 'SELECT id FROM notifications WHERE user_id = :userId AND event_id = :eventId AND kind = :kind', { userId, eventId, kind }, transaction);
  await insertRows(sequelize, 'notification_actors', ['notification_id', 'actor_id', 'created_at'], [[made?.id, actorId, now]], { transaction });
  return { type: 'notification', userId, eventId };
}

/** Whether `followerId` still follows (`approved`) or asks to follow (`pending`) `followeeId`. */
async function followStands(sequelize: Sequelize, { followerId, followeeId, state }: { followerId: number; followeeId: number; state: 'approved' | 'pending' }, transaction: Transaction) {
  return Boolean(
    await one(sequelize, 'SELECT 1 AS one FROM member_follows WHERE follower_id = :followerId AND followee_id = :followeeId AND state = :state', { followerId, followeeId, state }, transaction),
  );
}

/**
 * A published report, to every approved follower of its author, in five statements however many they
 * are (an author with 5,000 followers costs the worker, not the author's request: publishing only queues
 * the event). One notification per follower, author and Japan day (`group_key`): a second report that
 * day renews it (unread again, at the top, leading to the newest report, counting the reports told).
 * Followers who mute or block the author, or are blocked by them, are left out.
 */
async function fanOutFollowedReport(sequelize: Sequelize, entry: NotificationOutboxEntry, event: Extract<FollowEvent, { kind: 'followedReport' }>, transaction: Transaction): Promise<Told[]> {
  const report = await one<{ author_id: number | string; published_at: Date | string }>(
    sequelize,
    `SELECT r.author_id, r.published_at FROM reports r
      WHERE r.id = :reportId AND r.is_draft = 0 AND r.hidden_at IS NULL AND r.published_at IS NOT NULL AND ${activeMemberSql('r.author_id')}`,
    { reportId: event.reportId },
    transaction,
  );
  if (!report) return [];
  const authorId = Number(report.author_id);
  const replacements = {
    authorId,
    reportId: event.reportId,
    groupKey: `posts:${authorId}:${japanDay(new Date(report.published_at))}`,
    eventId: Number(entry.id),
    now: sqlDateTime(sequelize, new Date()),
  };
  // The followers who may hear of it: by the (followee, state, follower) index.
  const followers = `f.followee_id = :authorId AND f.state = 'approved' AND ${notifiableSql(':authorId', 'f.follower_id', ':now')}`;
  // A group counts the reports told to its member since it began ({"reports": n}), so a member who
  // followed at noon hears of the afternoon's reports only; the same report told again (an event
  // retried, or unpublished and published again) changes nothing.
  await sequelize.query(
    isMysql(sequelize)
      ? `UPDATE notifications n JOIN member_follows f ON n.user_id = f.follower_id AND n.group_key = :groupKey
            SET n.payload = CONCAT('{"reports":', COALESCE(JSON_VALUE(n.payload, '$.reports'), 1) + 1, '}'),
                n.report_id = :reportId, n.event_id = :eventId, n.read_at = NULL, n.updated_at = :now
          WHERE n.report_id <> :reportId AND ${followers}`
      : // SQLite has no UPDATE ... JOIN; the IN reads member_follows by its index, then each group by (user_id, group_key).
        `UPDATE notifications SET payload = '{"reports":' || (COALESCE(json_extract(payload, '$.reports'), 1) + 1) || '}',
                report_id = :reportId, event_id = :eventId, read_at = NULL, updated_at = :now
          WHERE group_key = :groupKey AND report_id <> :reportId AND user_id IN (SELECT f.follower_id FROM member_follows f WHERE ${followers})`,
    { replacements, transaction },
  );
  await sequelize.query(
    `INSERT INTO notifications (user_id, kind, report_id, group_key, payload, event_id, created_at, updated_at)
     SELECT f.follower_id, 'followedReport', :reportId, :groupKey, '{"reports":1}', :eventId, :now, :now FROM member_follows f
      WHERE ${followers} AND NOT EXISTS (SELECT 1 FROM notifications g WHERE g.user_id = f.follower_id AND g.group_key = :groupKey)`,
    { replacements, transaction },
  );
  const told = `FROM member_follows f JOIN notifications n ON n.user_id = f.follower_id AND n.group_key = :groupKey
                WHERE f.followee_id = :authorId AND f.state = 'approved' AND n.event_id = :eventId`;
  await sequelize.query(
    `INSERT INTO notification_actors (notification_id, actor_id, created_at)
     SELECT n.id, :authorId, :now ${told} AND NOT EXISTS (SELECT 1 FROM notification_actors a WHERE a.notification_id = n.id AND a.actor_id = :authorId)`,
    { replacements, transaction },
  );
  const recipients = await sequelize.query<{ user_id: number | string }>(`SELECT n.user_id ${told}`, { replacements, type: QueryTypes.SELECT, transaction });
  return recipients.map((row) => ({ type: 'notification', userId: Number(row.user_id), eventId: replacements.eventId }));
}

/** Makes the notifications of one follow event in `transaction`; answers what to tell the streams after the commit. */
export async function fanOutFollowEvent(sequelize: Sequelize, entry: NotificationOutboxEntry, event: FollowEvent, transaction: Transaction): Promise<Told[]> {
  const eventId = Number(entry.id);
  const now = sqlDateTime(sequelize, new Date());
  switch (event.kind) {
    case 'followedReport':
      return fanOutFollowedReport(sequelize, entry, event, transaction);
    case 'newFollower':
    case 'followRequest': {
      const { followerId, followeeId } = event;
      if (!(await followStands(sequelize, { followerId, followeeId, state: event.kind === 'newFollower' ? 'approved' : 'pending' }, transaction))) return [];
      if (!(await actorMayNotify(sequelize, { recipientId: followeeId, actorId: followerId }, transaction))) return [];
      // One a Japan day for each kind, gathering that day's followers (or requests): 「○○さんほかn人」.
      const groupKey = `${event.kind}:${japanDay(new Date())}`;
      const told = await joinGroup(sequelize, { userId: followeeId, kind: event.kind, groupKey, actorId: followerId, eventId, now }, transaction);
      return told ? [told] : [];
    }
    case 'followApproved': {
      const messages: Told[] = [];
      for (const followerId of new Set(event.followerIds)) {
        if (!(await followStands(sequelize, { followerId, followeeId: event.followeeId, state: 'approved' }, transaction))) continue;
        if (!(await actorMayNotify(sequelize, { recipientId: followerId, actorId: event.followeeId }, transaction))) continue;
        messages.push(await addWithActor(sequelize, { userId: followerId, kind: 'followApproved', actorId: event.followeeId, eventId, now }, transaction));
      }
      return messages;
    }
  }
}
