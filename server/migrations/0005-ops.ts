import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
/**
 * Names that must match exactly: the default utf8mb4_unicode_ci treats ハ and パ, は and ハ, and all emoji
 * as equal, which would merge different tags or keywords. SQLite compares exactly already.
 */
const exactText = (queryInterface: QueryInterface, length: number) =>
  queryInterface.sequelize.getDialect() === 'mysql' ? `VARCHAR(${length}) COLLATE utf8mb4_bin` : DataTypes.STRING(length);
const optionalUser = {
  type: DataTypes.BIGINT,
  allowNull: true,
  references: { model: 'users', key: 'id' },
  onDelete: 'SET NULL',
  onUpdate: 'CASCADE',
};

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'contact_enquiries',
    {
      id,
      user_id: optionalUser,
      category: { type: DataTypes.STRING(50), allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: true },
      email: { type: DataTypes.STRING(254), allowNull: true },
      content: { type: DataTypes.TEXT, allowNull: false },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('contact_enquiries', ['created_at'], { name: 'contact_enquiries_created_at' });

  // First-party analytics keep no e-mail, IP address or user id (docs/decisions.md).
  await queryInterface.createTable(
    'analytics_events',
    {
      id,
      name: { type: DataTypes.STRING(50), allowNull: false },
      path: { type: DataTypes.STRING(255), allowNull: true },
      properties: { type: DataTypes.JSON, allowNull: true },
      visitor_id: { type: DataTypes.STRING(36), allowNull: true },
      occurred_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('analytics_events', ['name', 'occurred_at'], { name: 'analytics_events_name_occurred_at' });

  await queryInterface.createTable(
    'audit_logs',
    {
      id,
      actor_id: optionalUser,
      action: { type: DataTypes.STRING(50), allowNull: false },
      target_type: { type: DataTypes.STRING(30), allowNull: false },
      target_id: { type: DataTypes.STRING(64), allowNull: false },
      reason: { type: DataTypes.TEXT, allowNull: true },
      details: { type: DataTypes.JSON, allowNull: true },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('audit_logs', ['created_at'], { name: 'audit_logs_created_at' });

  await queryInterface.createTable(
    'search_outbox',
    {
      id,
      aggregate_type: { type: DataTypes.STRING(30), allowNull: false },
      aggregate_id: { type: DataTypes.STRING(64), allowNull: false },
      operation: { type: DataTypes.ENUM('upsert', 'delete'), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      available_at: time(),
      locked_by: { type: DataTypes.STRING(64), allowNull: true },
      locked_until: time(true),
      last_error: { type: DataTypes.TEXT, allowNull: true },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('search_outbox', ['available_at', 'id'], { name: 'search_outbox_available_at_id' });

  await queryInterface.createTable(
    'search_queries',
    {
      id,
      user_id: {
        type: DataTypes.BIGINT,
        allowNull: false,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
        onUpdate: 'CASCADE',
      },
      query: { type: exactText(queryInterface, 100), allowNull: false },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('search_queries', ['created_at', 'query'], { name: 'search_queries_created_at_query' });
  await queryInterface.addIndex('search_queries', ['user_id'], { name: 'search_queries_user_id' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('search_queries');
  await queryInterface.dropTable('search_outbox');
  await queryInterface.dropTable('audit_logs');
  await queryInterface.dropTable('analytics_events');
  await queryInterface.dropTable('contact_enquiries');
};
