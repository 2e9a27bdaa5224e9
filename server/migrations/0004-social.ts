import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside each migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const id = { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false };
const time = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull });
const reference = (table: string, primaryKey = false) => ({
  type: DataTypes.BIGINT,
  allowNull: false,
  primaryKey,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'likes',
    {
      report_id: reference('reports', true),
      user_id: reference('users', true),
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('likes', ['user_id'], { name: 'likes_user_id' });

  await queryInterface.createTable(
    'comments',
    {
      id,
      report_id: reference('reports'),
      author_id: reference('users'),
      text: { type: DataTypes.TEXT, allowNull: false },
      hidden_at: time(true),
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('comments', ['report_id', 'created_at'], { name: 'comments_report_id_created_at' });
  await queryInterface.addIndex('comments', ['author_id'], { name: 'comments_author_id' });

  await queryInterface.createTable(
    'comment_reports',
    {
      id,
      comment_id: reference('comments'),
      reporter_id: reference('users'),
      created_at: time(),
      resolved_at: time(true),
      resolution: { type: DataTypes.ENUM('dismissed', 'deleted', 'suspended'), allowNull: true },
      resolved_by: {
        type: DataTypes.BIGINT,
        allowNull: true,
        references: { model: 'users', key: 'id' },
        onDelete: 'SET NULL',
        onUpdate: 'CASCADE',
      },
    },
    tableOptions,
  );
  // A member's second report of the same comment must change nothing (docs/decisions.md).
  await queryInterface.addIndex('comment_reports', ['comment_id', 'reporter_id'], {
    name: 'comment_reports_comment_id_reporter_id_unique',
    unique: true,
  });
  await queryInterface.addIndex('comment_reports', ['resolved_at'], { name: 'comment_reports_resolved_at' });
  await queryInterface.addIndex('comment_reports', ['reporter_id'], { name: 'comment_reports_reporter_id' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('comment_reports');
  await queryInterface.dropTable('comments');
  await queryInterface.dropTable('likes');
};
