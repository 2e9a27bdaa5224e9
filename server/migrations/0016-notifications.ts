import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL', allowNull = onDelete === 'SET NULL') => ({
  type: DataTypes.BIGINT,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});
const leaseColumns = {
  attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  available_at: time(),
  locked_by: { type: DataTypes.STRING(64), allowNull: true },
  locked_until: time(true),
  last_error: { type: DataTypes.TEXT, allowNull: true },
  created_at: time(),
};

/**
 * Notifications (issue 20). The like toggle and comment create write one `notification_outbox` row in
 * their transaction; a worker fans it out into `notifications` afterwards (leased like every outbox).
 * A group of likes is one row per recipient, report and Japanese day (`group_key`), its members in
 * `notification_actors`, so a deleted account leaves the group without taking the others' likes.
 * Settings per kind, the members' last visit and digest day, the digest's unsubscribe tokens (hashes
 * only), operators' announcements, and extra headers for queued mail (List-Unsubscribe).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'notification_outbox',
    { id, kind: { type: DataTypes.STRING(30), allowNull: false }, payload: { type: DataTypes.TEXT, allowNull: false }, ...leaseColumns },
    tableOptions,
  );
  await queryInterface.addIndex('notification_outbox', ['available_at', 'id'], { name: 'notification_outbox_available_at_id' });

  await queryInterface.createTable(
    'announcements',
    {
      id,
      title: { type: DataTypes.STRING(100), allowNull: false },
      body: { type: DataTypes.TEXT, allowNull: false },
      author_id: ref('users', 'SET NULL'),
      created_at: time(),
    },
    tableOptions,
  );

  await queryInterface.createTable(
    'notifications',
    {
      id,
      user_id: ref('users', 'CASCADE'),
      kind: { type: DataTypes.STRING(20), allowNull: false },
      report_id: ref('reports', 'CASCADE', true),
      comment_id: ref('comments', 'CASCADE', true),
      announcement_id: ref('announcements', 'CASCADE', true),
      group_key: { type: DataTypes.STRING(64), allowNull: true },
      payload: { type: DataTypes.TEXT, allowNull: true },
      event_id: { type: DataTypes.BIGINT, allowNull: false },
      read_at: time(true),
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('notifications', ['user_id', 'group_key'], { name: 'notifications_user_group', unique: true });
  await queryInterface.addIndex('notifications', ['user_id', 'updated_at', 'id'], { name: 'notifications_user_updated' });
  await queryInterface.addIndex('notifications', ['user_id', 'read_at'], { name: 'notifications_user_read' });
  await queryInterface.addIndex('notifications', ['user_id', 'event_id'], { name: 'notifications_user_event' });

  await queryInterface.createTable(
    'notification_actors',
    {
      notification_id: { ...ref('notifications', 'CASCADE'), primaryKey: true },
      actor_id: { ...ref('users', 'CASCADE'), primaryKey: true },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('notification_actors', ['actor_id'], { name: 'notification_actors_actor' });

  await queryInterface.createTable(
    'notification_settings',
    {
      user_id: { ...ref('users', 'CASCADE'), primaryKey: true },
      kind: { type: DataTypes.STRING(20), allowNull: false, primaryKey: true },
      in_app: { type: DataTypes.BOOLEAN, allowNull: false },
      email: { type: DataTypes.BOOLEAN, allowNull: false },
    },
    tableOptions,
  );

  await queryInterface.createTable(
    'notification_members',
    {
      user_id: { ...ref('users', 'CASCADE'), primaryKey: true },
      last_seen_at: time(true),
      /** The Japanese day (YYYY-MM-DD) of the last digest: at most one a day, whichever worker sends it. */
      digest_day: { type: DataTypes.STRING(10), allowNull: true },
      /** Notifications after this went into no digest yet. */
      digest_after: time(true),
    },
    tableOptions,
  );
  await queryInterface.addIndex('notification_members', ['last_seen_at'], { name: 'notification_members_last_seen' });

  await queryInterface.createTable(
    'notification_unsubscribe_tokens',
    {
      token_hash: { type: DataTypes.STRING(64), allowNull: false, primaryKey: true },
      user_id: ref('users', 'CASCADE'),
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('notification_unsubscribe_tokens', ['user_id'], { name: 'notification_unsubscribe_tokens_user' });

  await queryInterface.addColumn('mail_outbox', 'headers', { type: DataTypes.TEXT, allowNull: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeColumn('mail_outbox', 'headers');
  // SQLite removes a column by copying the table, which loses its indexes: put back the one 0009 made.
  const indexes = (await queryInterface.showIndex('mail_outbox')) as Array<{ name: string }>;
  if (!indexes.some((index) => index.name === 'mail_outbox_available_at_id')) {
    await queryInterface.addIndex('mail_outbox', ['available_at', 'id'], { name: 'mail_outbox_available_at_id' });
  }
  for (const table of ['notification_unsubscribe_tokens', 'notification_members', 'notification_settings', 'notification_actors', 'notifications', 'announcements', 'notification_outbox']) {
    await queryInterface.dropTable(table);
  }
};
