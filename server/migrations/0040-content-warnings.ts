import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };

/**
 * Content warnings (issue 37).
 *
 * - `reports.warning_mask`: the author's labels as bits in the order of the shared catalogue
 *   (packages/shared/src/contentWarnings.ts), so the visibility SQL decides "hides one of my labels" with
 *   one `&` on the row it reads anyway, no join and no statement per row; `warning_other` is the text
 *   of その他 (50 characters); `warnings_locked`, an operator's lock.
 * - `content_warning_settings`: a member's choices as two masks (labels on 表示しない, on 表示する; the
 *   rest on the default 警告してから表示). No row: every label on the default, as for most members.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('reports', 'warning_mask', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  await queryInterface.addColumn('reports', 'warning_other', { type: DataTypes.STRING(50), allowNull: true, defaultValue: null });
  await queryInterface.addColumn('reports', 'warnings_locked', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
  await queryInterface.createTable(
    'content_warning_settings',
    {
      user_id: {
        type: DataTypes.BIGINT,
        allowNull: false,
        primaryKey: true,
        references: { model: 'users', key: 'id' },
        onDelete: 'CASCADE',
        onUpdate: 'CASCADE',
      },
      hide_mask: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      show_mask: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      updated_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
};

/** Plain DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite). */
export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('content_warning_settings');
  for (const column of ['warnings_locked', 'warning_other', 'warning_mask']) {
    await queryInterface.sequelize.query(`ALTER TABLE reports DROP COLUMN ${column}`);
  }
};
