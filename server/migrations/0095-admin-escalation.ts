import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * Issue 38: an admin role above operator, and 要相談: an operator marks an open case for the admins,
 * who are shown those first. `escalated_at` / `escalated_by` / `escalation_reason` stay on the case once
 * set (the case's history); only open cases are ordered by them.
 *
 * The role column is an ENUM on MariaDB (migration 0001); SQLite keeps it as text, so only MariaDB
 * changes it. Going down turns admins back into operators first, so no row is left outside the enum.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  if (queryInterface.sequelize.getDialect() !== 'sqlite') {
    await queryInterface.sequelize.query("ALTER TABLE users MODIFY role ENUM('member', 'operator', 'admin') NOT NULL DEFAULT 'member'");
  }
  await queryInterface.addColumn('moderation_cases', 'escalated_at', { type: DataTypes.DATE(3), allowNull: true });
  // No foreign key, so SQLite can drop the column again going down (it cannot drop one a key uses); ids
  // are never reused, and the queue shows a gone account's escalation without a name (caseQueue.ts).
  await queryInterface.addColumn('moderation_cases', 'escalated_by', { type: DataTypes.BIGINT, allowNull: true });
  await queryInterface.addColumn('moderation_cases', 'escalation_reason', { type: DataTypes.STRING(500), allowNull: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query('ALTER TABLE moderation_cases DROP COLUMN escalation_reason');
  await queryInterface.sequelize.query('ALTER TABLE moderation_cases DROP COLUMN escalated_by');
  await queryInterface.sequelize.query('ALTER TABLE moderation_cases DROP COLUMN escalated_at');
  await queryInterface.sequelize.query("UPDATE users SET role = 'operator' WHERE role = 'admin'");
  if (queryInterface.sequelize.getDialect() !== 'sqlite') {
    await queryInterface.sequelize.query("ALTER TABLE users MODIFY role ENUM('member', 'operator') NOT NULL DEFAULT 'member'");
  }
};
