import type { Transaction } from 'sequelize';
import { sqlDateTime } from '../../db/connection';
import type { FanOutDeps, KindEntry, Told } from './types';

/**
 * An announcement, to every member in one statement however many: suspended members are left out, as
 * from everything else. One broadcast tells every stream (stream.ts writes it to each of its members).
 */
export async function fanOutAnnouncements(deps: FanOutDeps, entries: ReadonlyArray<KindEntry<'announcement'>>, transaction: Transaction): Promise<Told[]> {
  const { sequelize } = deps;
  const messages: Told[] = [];
  for (const { entry, event } of entries) {
    const at = sqlDateTime(sequelize, new Date());
    await sequelize.query(
      `INSERT INTO notifications (user_id, kind, announcement_id, event_id, created_at, updated_at)
       SELECT id, 'announcement', ?, ?, ?, ? FROM users WHERE suspended_at IS NULL`,
      { replacements: [event.announcementId, Number(entry.id), at, at], transaction },
    );
    messages.push({ type: 'broadcast', eventId: Number(entry.id) });
  }
  return messages;
}
