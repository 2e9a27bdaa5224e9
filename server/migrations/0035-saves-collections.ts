import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = () => ({ type: DataTypes.DATE(3), allowNull: false });
const reference = (table: string, primaryKey: boolean) => ({
  type: DataTypes.BIGINT,
  allowNull: false,
  primaryKey,
  references: { model: table, key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

/**
 * 保存 and collections (issue 37), private to their member.
 *
 * - `saves` (user, report): the composite primary key makes a second save impossible; the
 *   (user_id, created_at, report_id) index serves /saved newest first by keyset. No counter anywhere:
 *   nobody is ever told how often a report was saved.
 * - `collections`: a member's named groups, in the member's `position` order.
 * - `collection_reports` (collection, report): a report may sit in several collections; `position` is
 *   its place in the collection.
 * Rows are not removed when a report turns invisible to the member: lists filter at read time through
 * the visibility module, so a report that becomes visible again comes back. A deleted report's rows go
 * with it (foreign keys).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('saves', { user_id: reference('users', true), report_id: reference('reports', true), created_at: time() }, tableOptions);
  await queryInterface.addIndex('saves', ['user_id', 'created_at', 'report_id'], { name: 'saves_user_id_created_at_report_id' });
  await queryInterface.addIndex('saves', ['report_id'], { name: 'saves_report_id' });
  await queryInterface.createTable(
    'collections',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      user_id: reference('users', false),
      name: { type: DataTypes.STRING(64), allowNull: false },
      position: { type: DataTypes.INTEGER, allowNull: false },
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('collections', ['user_id', 'position'], { name: 'collections_user_id_position' });
  await queryInterface.createTable(
    'collection_reports',
    {
      collection_id: reference('collections', true),
      report_id: reference('reports', true),
      position: { type: DataTypes.INTEGER, allowNull: false },
      created_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('collection_reports', ['collection_id', 'position', 'report_id'], { name: 'collection_reports_collection_id_position' });
  await queryInterface.addIndex('collection_reports', ['report_id'], { name: 'collection_reports_report_id' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('collection_reports');
  await queryInterface.dropTable('collections');
  await queryInterface.dropTable('saves');
};
