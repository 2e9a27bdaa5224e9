import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };

/**
 * Issue 38: notice templates, the reasons operators keep per decision and (optionally) flag category,
 * chosen in a case's reason dialog (packages/shared/src/moderation/noticeTemplates.ts). `category` null:
 * for every category. `updated_by` has no foreign key: the audit log says who, and the row outlives them.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'notice_templates',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true, allowNull: false },
      name: { type: DataTypes.STRING(40), allowNull: false },
      decision: { type: DataTypes.STRING(16), allowNull: false },
      category: { type: DataTypes.STRING(24), allowNull: true },
      body: { type: DataTypes.STRING(500), allowNull: false },
      updated_by: { type: DataTypes.BIGINT, allowNull: true },
      created_at: { type: DataTypes.DATE(3), allowNull: false },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('notice_templates', ['decision', 'category'], { name: 'notice_templates_decision_category' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('notice_templates');
};
