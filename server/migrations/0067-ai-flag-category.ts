import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/**
 * Issue 38 put the flag category `aiManipulatedPerson` fourth in FLAG_CATEGORIES (after the three it is
 * as severe as), so every category after it sorts one place later: the flag cases' stored priority
 * (1 + severity, casePriority) moves with it. Appeals and takedowns keep 0.
 */
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query("UPDATE moderation_cases SET priority = priority + 1 WHERE type IN ('report', 'comment', 'member') AND priority >= 4");
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query("UPDATE moderation_cases SET category = 'nonConsensual', priority = 2 WHERE type IN ('report', 'comment', 'member') AND category = 'aiManipulatedPerson'");
  await queryInterface.sequelize.query("UPDATE moderation_cases SET priority = priority - 1 WHERE type IN ('report', 'comment', 'member') AND priority >= 5");
};
