import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * New members (issue 35, server/src/commands/memberStage.ts). `new_stage_until`: the member is new until
 * then (NULL: past the stage). `new_stage_reason`: why they are new: `signup` (their first days, which
 * also end at LIMITS.newMemberGraduationReports published reports and ...Likes likes received),
 * `operator` (put back by an operator) or `cases` (put back by upheld cases). `stage_changed_at`: the last
 * time an operator or the cases changed the stage, from which upheld cases are counted again.
 *
 * Members who joined before this migration are past the stage (NULL): the limits start with new sign-ups.
 * Plain ADD/DROP COLUMN on both dialects (see 0011 for why not removeColumn on SQLite).
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('users', 'new_stage_until', { type: DataTypes.DATE(3), allowNull: true });
  await queryInterface.addColumn('users', 'new_stage_reason', { type: DataTypes.STRING(16), allowNull: true });
  await queryInterface.addColumn('users', 'stage_changed_at', { type: DataTypes.DATE(3), allowNull: true });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN stage_changed_at');
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN new_stage_reason');
  await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN new_stage_until');
};
