import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * Issue 34: a comment and a like queue their notification with notify() like every other kind (one
 * outbox INSERT in their transaction), so the marks of 0023 go. A row still marked when this runs is
 * moved to the outbox first, so no notification waiting for the worker is lost.
 *
 * Plain DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  // As db/connection.ts's sqlDateTime writes a time, each dialect its way (migrations import nothing from src).
  const iso = new Date().toISOString();
  const at = `${iso.slice(0, 10)} ${iso.slice(11, 23)}${sequelize.getDialect() === 'sqlite' ? ' +00:00' : ''}`;
  const [comments] = (await sequelize.query('SELECT id FROM comments WHERE notify_pending = 1 ORDER BY id')) as [Array<{ id: number | string }>, unknown];
  const [likes] = (await sequelize.query('SELECT report_id, user_id FROM likes WHERE notify_pending = 1 ORDER BY created_at')) as [
    Array<{ report_id: number | string; user_id: number | string }>,
    unknown,
  ];
  const events = [
    ...comments.map((row) => ({ kind: 'comment', commentId: Number(row.id) })),
    ...likes.map((row) => ({ kind: 'like', reportId: Number(row.report_id), likerId: Number(row.user_id) })),
  ];
  for (const event of events) {
    await sequelize.query('INSERT INTO notification_outbox (kind, payload, attempts, available_at, created_at) VALUES (?, ?, 0, ?, ?)', {
      replacements: [event.kind, JSON.stringify(event), at, at],
    });
  }
  await queryInterface.removeIndex('likes', 'likes_notify_pending');
  await queryInterface.removeIndex('comments', 'comments_notify_pending');
  await sequelize.query('ALTER TABLE likes DROP COLUMN notify_pending');
  await sequelize.query('ALTER TABLE comments DROP COLUMN notify_pending');
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('comments', 'notify_pending', { type: DataTypes.TINYINT, allowNull: true, defaultValue: null });
  await queryInterface.addColumn('likes', 'notify_pending', { type: DataTypes.TINYINT, allowNull: true, defaultValue: null });
  await queryInterface.addIndex('comments', ['notify_pending'], { name: 'comments_notify_pending' });
  await queryInterface.addIndex('likes', ['notify_pending'], { name: 'likes_notify_pending' });
};
