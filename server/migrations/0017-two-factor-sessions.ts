import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const userReference = {
  type: DataTypes.BIGINT,
  allowNull: false,
  references: { model: 'users', key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
};

/**
 * Two-factor sign-in and the sessions list (issue 21).
 *
 * - `users.totp_secret` (base32) is set when a member starts the set-up; `totp_enabled_at` when a first code
 *   proved the authenticator app has it. `totp_last_step` is the 30-second step of the last code accepted:
 *   a code of that step or an earlier one is refused (RFC 6238 §5.2, no replay).
 * - `recovery_codes`: ten single-use codes per member, argon2 hashes only.
 * - `session_families`: what the sessions list shows of one login (a refresh-token family): the browser's
 *   user agent, a short label of it (browser and system, for "a browser not seen before"), when it started
 *   and was last used. Rows outlive their family so earlier browsers stay "seen".
 *
 * Plain ADD/DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('users', 'totp_secret', { type: DataTypes.STRING(64), allowNull: true });
  await queryInterface.addColumn('users', 'totp_enabled_at', time(true));
  await queryInterface.addColumn('users', 'totp_last_step', { type: DataTypes.BIGINT, allowNull: true });

  await queryInterface.createTable(
    'recovery_codes',
    { id, user_id: userReference, code_hash: { type: DataTypes.STRING(255), allowNull: false }, used_at: time(true), created_at: time() },
    tableOptions,
  );
  await queryInterface.addIndex('recovery_codes', ['user_id'], { name: 'recovery_codes_user_id' });

  await queryInterface.createTable(
    'session_families',
    {
      id,
      user_id: userReference,
      family_id: { type: DataTypes.STRING(36), allowNull: false },
      user_agent: { type: DataTypes.STRING(512), allowNull: false, defaultValue: '' },
      device_label: { type: DataTypes.STRING(64), allowNull: false },
      created_at: time(),
      last_used_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('session_families', ['family_id'], { name: 'session_families_family_id_unique', unique: true });
  await queryInterface.addIndex('session_families', ['user_id', 'device_label'], { name: 'session_families_user_id_device_label' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('session_families');
  await queryInterface.dropTable('recovery_codes');
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN totp_last_step');
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN totp_enabled_at');
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN totp_secret');
};
