import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// Kept inside the migration on purpose: a landed migration must not change when a shared helper does.
const tableOptions = { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci', engine: 'InnoDB' };

/**
 * Issue 22: when each report last reached each like count. A like moves its report's count up by exactly
 * one, so a report that rose above a page boundary of the like-sorted feed reached the boundary's level
 * on the way; the feed's catch-up (commands/reportFeedLoader.ts) looks for reports that reached that one
 * level since the cursor, through (level, reached_at), instead of re-reading every like made since.
 * One row per report and level, rewritten when the level is reached again.
 *
 * The likes already there fill it as if they had been made one after another in their order; that is
 * only for cursors issued before this migration ran (a catch-up looks seconds to minutes back).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable(
    'report_like_levels',
    {
      report_id: { type: DataTypes.BIGINT, allowNull: false, primaryKey: true, references: { model: 'reports', key: 'id' }, onDelete: 'CASCADE', onUpdate: 'CASCADE' },
      level: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      reached_at: { type: DataTypes.DATE(3), allowNull: false },
    },
    tableOptions,
  );
  await queryInterface.addIndex('report_like_levels', ['level', 'reached_at'], { name: 'report_like_levels_level_reached_at' });
  await queryInterface.sequelize.query(
    `INSERT INTO report_like_levels (report_id, level, reached_at)
     SELECT report_id, ROW_NUMBER() OVER (PARTITION BY report_id ORDER BY created_at, user_id), created_at FROM likes`,
  );
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('report_like_levels');
};
