import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * The lock-out no longer lives on the member's row: failures are counted per account and client address
 * in the rate limiter (server/src/auth/loginThrottle.ts), so nobody can lock a member out from elsewhere.
 * `users.failed_login_count` and `users.locked_until` have been read by nothing since; they go.
 *
 * A plain DROP COLUMN on both dialects (SQLite has it since 3.35): Sequelize's removeColumn on SQLite
 * copies the table and drops the original, and dropping `users` with foreign keys on would run the
 * ON DELETE CASCADE of every table that points at it (profiles, reports, sessions...).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN failed_login_count');
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN locked_until');
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('users', 'failed_login_count', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  await queryInterface.addColumn('users', 'locked_until', { type: DataTypes.DATE(3), allowNull: true });
};
