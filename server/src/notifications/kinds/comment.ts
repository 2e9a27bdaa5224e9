import { QueryTypes, type Transaction } from 'sequelize';
import { sqlDateTime } from '../../db/connection';
import { insertRows } from '../../db/insertRows';
import { actorMayNotifyColumnsSql, actorMayNotifyFromColumns } from '../suppression';
import { ACTOR_COLUMNS, type FanOutDeps, type KindEntry, type Told } from './types';

type MayNotifyColumns = Parameters<typeof actorMayNotifyFromColumns>[0];

/**
 * The comments of a batch, whatever their number, in four statements (issue 20: the fan-out shares the
 * machine with the writes it follows, and a statement and a model instance per comment cost the worker
 * about a millisecond each under load). Read now, not when queued: a comment deleted or hidden meanwhile
 * notifies no one, nor one whose author may not notify the report's author (suppression.ts).
 */
export async function fanOutComments(deps: FanOutDeps, entries: ReadonlyArray<KindEntry<'comment'>>, transaction: Transaction): Promise<Told[]> {
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

