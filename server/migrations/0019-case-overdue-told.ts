import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * The desktop app's live badge (issue 20): `moderation_cases.overdue_told_at` is set, once, by the sweep
 * that tells operators' streams a case passed its due time (server/src/moderation/caseEvents.ts); the
 * conditional UPDATE that sets it is what makes the telling happen once with any number of workers.
 * Cases already past due when this runs count as told: the desktop app reads the queue's first page when
 * it connects, so a backlog is not announced case by case. The index serves the sweep's question (open,
 * not yet told, due by now).
 *
 * Plain ADD/DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('moderation_cases', 'overdue_told_at', { type: DataTypes.DATE(3), allowNull: true });
  await queryInterface.sequelize.query("UPDATE moderation_cases SET overdue_told_at = due_at WHERE status = 'open' AND due_at <= ?", { replacements: [new Date()] });
  await queryInterface.addIndex('moderation_cases', ['status', 'overdue_told_at', 'due_at'], { name: 'moderation_cases_status_overdue_told_at_due_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('moderation_cases', 'moderation_cases_status_overdue_told_at_due_at');
  await queryInterface.sequelize.query('ALTER TABLE moderation_cases DROP COLUMN overdue_told_at');
};
