import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };
const time = () => ({ type: DataTypes.DATE(3), allowNull: false });
const cascade = { onDelete: 'CASCADE', onUpdate: 'CASCADE' } as const;

/**
 * Issue 39: the report form's autosave, one row per report being written, apart from `reports`.
 *
 * - `report_id` NULL: a new report; else the member's own report being edited. A unique index keeps one
 *   row per edited report (NULLs never collide, so several new reports can be in progress at once).
 * - `values_json`: the form's values as typed (MEDIUMTEXT: two 5,000-character texts and ten steps of
 *   1,000 in Japanese pass TEXT's 64 KiB), `title` a copy for マイページ's list.
 * - Both foreign keys cascade: the account or the report going takes what was being written with it.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'report_autosaves',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      user_id: { type: DataTypes.BIGINT, allowNull: false, references: { model: 'users', key: 'id' }, ...cascade },
      report_id: { type: DataTypes.BIGINT, allowNull: true, references: { model: 'reports', key: 'id' }, ...cascade },
      title: { type: DataTypes.STRING(191), allowNull: false, defaultValue: '' },
      values_json: { type: DataTypes.TEXT('medium'), allowNull: false },
      created_at: time(),
      updated_at: time(),
    },
    tableOptions,
  );
  await queryInterface.addIndex('report_autosaves', ['user_id', 'updated_at'], { name: 'report_autosaves_user_id_updated_at' });
  await queryInterface.addIndex('report_autosaves', ['user_id', 'report_id'], { name: 'report_autosaves_user_id_report_id', unique: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('report_autosaves');
};
