import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const time = { type: DataTypes.DATE(3), allowNull: true, defaultValue: null };

/**
 * Moderation (issue 9): a suspension may end by itself (`suspended_until`, swept by a job); an operator's
 * deletion of a reported comment keeps the row (`deleted_at`) so the resolved queue and the audit log
 * still show what was removed; a member may say why they report a comment; the audit log is filtered
 * by action (filtering by operator uses the index of the actor_id foreign key, which InnoDB keys by id too).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('users', 'suspended_until', time);
  await queryInterface.addIndex('users', ['suspended_until'], { name: 'users_suspended_until' });
  await queryInterface.addColumn('comments', 'deleted_at', time);
  await queryInterface.addColumn('comment_reports', 'reason', { type: DataTypes.STRING(500), allowNull: true, defaultValue: null });
  await queryInterface.addIndex('audit_logs', ['action', 'id'], { name: 'audit_logs_action_id' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // Plain DROP COLUMN (SQLite 3.35+ and MariaDB alike): Sequelize's SQLite removeColumn rebuilds the table
  // and loses its other indexes.
  const dropColumn = (table: string, column: string) => queryInterface.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  await queryInterface.removeIndex('audit_logs', 'audit_logs_action_id');
  await dropColumn('comment_reports', 'reason');
  await dropColumn('comments', 'deleted_at');
  await queryInterface.removeIndex('users', 'users_suspended_until');
  await dropColumn('users', 'suspended_until');
};
