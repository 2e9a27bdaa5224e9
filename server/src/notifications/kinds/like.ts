import { japanDay } from '@hiraku/shared';
import { QueryTypes, type Transaction } from 'sequelize';
import { isMysql, sqlDateTime } from '../../db/connection';
import { insertRows } from '../../db/insertRows';
import { actorMayNotifyColumnsSql, actorMayNotifyFromColumns } from '../suppression';
import { ACTOR_COLUMNS, type FanOutDeps, type KindEntry, type Told } from './types';

type MayNotifyColumns = Parameters<typeof actorMayNotifyFromColumns>[0];

/**
 * The likes of a batch, whatever their number, in at most seven statements. A like joins its report's
 * group of the Japanese day for the author (one row per member, report and day, `group_key`); the group
 * becomes unread again and moves up with each new liker, and a member liking again the same day (after an
 * unlike) says nothing new. A like taken back before the worker came, or whose liker may not notify the
 * author, makes nothing.
 */
export async function fanOutLikes(deps: FanOutDeps, entries: ReadonlyArray<KindEntry<'like'>>, transaction: Transaction): Promise<Told[]> {
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

