import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
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

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'users',
    {
      id,
      public_id: { type: DataTypes.STRING(32), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      password_hash: { type: DataTypes.STRING(255), allowNull: false },
      email_verified_at: time(true),
      role: { type: DataTypes.ENUM('member', 'operator'), allowNull: false, defaultValue: 'member' },
      suspended_at: time(true),
      failed_login_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      locked_until: time(true),
      tutorial_pending: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      adult_attested_at: time(),
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('users', ['public_id'], { name: 'users_public_id_unique', unique: true });
  await queryInterface.addIndex('users', ['email'], { name: 'users_email_unique', unique: true });

  await queryInterface.createTable(
    'refresh_tokens',
    {
      id,
      user_id: userReference,
      family_id: { type: DataTypes.STRING(36), allowNull: false },
      token_hash: { type: DataTypes.STRING(64), allowNull: false },
      expires_at: time(),
      family_expires_at: time(),
      used_at: time(true),
      revoked_at: time(true),
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('refresh_tokens', ['token_hash'], { name: 'refresh_tokens_token_hash_unique', unique: true });
  await queryInterface.addIndex('refresh_tokens', ['family_id'], { name: 'refresh_tokens_family_id' });
  await queryInterface.addIndex('refresh_tokens', ['user_id'], { name: 'refresh_tokens_user_id' });

  await queryInterface.createTable(
    'one_time_tokens',
    {
      id,
      user_id: userReference,
      purpose: { type: DataTypes.ENUM('verify_email', 'reset_password'), allowNull: false },
      token_hash: { type: DataTypes.STRING(64), allowNull: false },
      expires_at: time(),
      used_at: time(true),
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('one_time_tokens', ['token_hash'], { name: 'one_time_tokens_token_hash_unique', unique: true });
  await queryInterface.addIndex('one_time_tokens', ['user_id', 'purpose'], { name: 'one_time_tokens_user_id_purpose' });

  // No foreign key: the row outlives the user it records (docs/decisions.md keeps it for 3 years).
  await queryInterface.createTable(
    'deleted_accounts',
    {
      id,
      user_id: { type: DataTypes.BIGINT, allowNull: false },
      deleted_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('deleted_accounts', ['deleted_at'], { name: 'deleted_accounts_deleted_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('deleted_accounts');
  await queryInterface.dropTable('one_time_tokens');
  await queryInterface.dropTable('refresh_tokens');
  await queryInterface.dropTable('users');
};
