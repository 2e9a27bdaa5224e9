import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * 削除 by a decision removes the content for good (issue 38): a report's row, files and search document
 * go, a comment's text is erased. The case keeps what naming the decision needs afterwards:
 * `removed_title` (the report's title, or the comment's first words) and `content_removed_at`, which also
 * tells an overturned appeal that there is nothing left to restore.
 *
 * Plain ADD/DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('moderation_cases', 'removed_title', { type: DataTypes.STRING(200), allowNull: true });
  await queryInterface.addColumn('moderation_cases', 'content_removed_at', { type: DataTypes.DATE(3), allowNull: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query('ALTER TABLE moderation_cases DROP COLUMN content_removed_at');
  await queryInterface.sequelize.query('ALTER TABLE moderation_cases DROP COLUMN removed_title');
};
