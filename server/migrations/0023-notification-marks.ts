import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * Issue 20: a comment and a like queue their author's notification in their own row (1 = waiting for the
 * notification worker, NULL = nothing to do), instead of a second INSERT into notification_outbox inside
 * the request (server/src/notifications/pendingMarks.ts). The worker finds the waiting rows through the
 * index. Rows already there wait for nothing: their notifications, if any, are in the outbox already.
 *
 * Plain DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('comments', 'notify_pending', { type: DataTypes.TINYINT, allowNull: true, defaultValue: null });
  await queryInterface.addColumn('likes', 'notify_pending', { type: DataTypes.TINYINT, allowNull: true, defaultValue: null });
  await queryInterface.addIndex('comments', ['notify_pending'], { name: 'comments_notify_pending' });
  await queryInterface.addIndex('likes', ['notify_pending'], { name: 'likes_notify_pending' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('likes', 'likes_notify_pending');
  await queryInterface.removeIndex('comments', 'comments_notify_pending');
  await queryInterface.sequelize.query('ALTER TABLE likes DROP COLUMN notify_pending');
  await queryInterface.sequelize.query('ALTER TABLE comments DROP COLUMN notify_pending');
};
