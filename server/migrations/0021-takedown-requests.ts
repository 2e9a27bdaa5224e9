import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull, ...(allowNull ? { defaultValue: null } : {}) });

/**
 * Takedown requests (issue 21): anyone may ask for removal; the request waits for its address to be
 * confirmed (only the link's hash is kept), then becomes a `takedown` case of the moderation queue
 * (`case_id`) with its own clock (`due_at`: 2 days for private sexual images, 7 for the rest), naming our
 * report, comment or member when the address resolves to one (`target_type`, `target_id`). `decided_at`
 * and `acted` are written when the case is decided, for the decision mail and the transparency report.
 * The requester's address is kept for the receipt and the decision mail only.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'takedown_requests',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      content_url: { type: DataTypes.STRING(2000), allowNull: false },
      requester_kind: { type: DataTypes.STRING(16), allowNull: false },
      reason: { type: DataTypes.STRING(24), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      confirm_token_hash: { type: DataTypes.STRING(64), allowNull: false },
      confirm_expires_at: time(),
      confirmed_at: time(true),
      due_at: time(true),
      case_id: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null, references: { model: 'moderation_cases', key: 'id' }, onDelete: 'SET NULL', onUpdate: 'CASCADE' },
      target_type: { type: DataTypes.STRING(16), allowNull: true, defaultValue: null },
      target_id: { type: DataTypes.BIGINT, allowNull: true, defaultValue: null },
      decided_at: time(true),
      acted: { type: DataTypes.BOOLEAN, allowNull: true, defaultValue: null },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('takedown_requests', ['confirm_token_hash'], { name: 'takedown_requests_confirm_token_hash', unique: true });
  await queryInterface.addIndex('takedown_requests', ['case_id'], { name: 'takedown_requests_case_id' });
  await queryInterface.addIndex('takedown_requests', ['confirmed_at'], { name: 'takedown_requests_confirmed_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('takedown_requests');
};
