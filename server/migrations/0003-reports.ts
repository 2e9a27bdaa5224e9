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
const optionalTag = {
  type: DataTypes.BIGINT,
  allowNull: true,
  references: { model: 'tags', key: 'id' },
  onDelete: 'SET NULL',
  onUpdate: 'CASCADE',
};

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'reports',
    {
      id,
      author_id: reference('users'),
      title: { type: DataTypes.STRING(30), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: true },
      tips: { type: DataTypes.TEXT, allowNull: true },
      duration: { type: DataTypes.STRING(50), allowNull: true },
      gender_tag_id: optionalTag,
      sexual_orientation_tag_id: optionalTag,
      role_tag_id: optionalTag,
      is_draft: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      hidden_at: time(true),
      main_image_key: { type: DataTypes.STRING(255), allowNull: true },
      thumbnail_key: { type: DataTypes.STRING(255), allowNull: true },
      like_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      comment_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      // Published, not hidden and by an author who is not suspended: one column the list cursors can use.
      listed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      published_at: time(true),
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('reports', ['listed', 'created_at', 'id'], { name: 'reports_listed_created_at_id' });
  await queryInterface.addIndex('reports', ['listed', 'like_count', 'id'], { name: 'reports_listed_like_count_id' });
  await queryInterface.addIndex('reports', ['author_id', 'created_at'], { name: 'reports_author_id_created_at' });

  await queryInterface.createTable(
    'report_tools',
    {
      id,
      report_id: reference('reports'),
      position: { type: DataTypes.INTEGER, allowNull: false },
      name: { type: DataTypes.STRING(50), allowNull: false },
      quantity: { type: DataTypes.STRING(25), allowNull: true },
    },
    tableOptions,
  );
  await queryInterface.addIndex('report_tools', ['report_id', 'position'], { name: 'report_tools_report_id_position' });

  await queryInterface.createTable(
    'report_steps',
    {
      id,
      report_id: reference('reports'),
      step_number: { type: DataTypes.INTEGER, allowNull: false },
      action: { type: DataTypes.TEXT, allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('report_steps', ['report_id', 'step_number'], { name: 'report_steps_report_id_step_number' });

  await queryInterface.createTable(
    'report_tags',
    {
      report_id: reference('reports', true),
      kind: { type: DataTypes.ENUM('playCategory', 'playContent'), allowNull: false, primaryKey: true },
      tag_id: reference('tags', true),
      position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    },
    tableOptions,
  );
  await queryInterface.addIndex('report_tags', ['tag_id'], { name: 'report_tags_tag_id' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('report_tags');
  await queryInterface.dropTable('report_steps');
  await queryInterface.dropTable('report_tools');
  await queryInterface.dropTable('reports');
};
