import type { Sequelize, Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { listsChanged } from '../cache/changes';

/**
 * Notes that `reportId` reached `level` likes at `at` (table report_like_levels, migration 0020): the
 * like-sorted feed's catch-up (reportFeedLoader.ts) finds the reports that rose across a page boundary by
 * the one level they had to pass. Called by every like that adds one to the counter, with the count it
 * made, under the report's lock. One statement: insert, or move the time of the level reached again.
 */
export async function recordLikeLevel(sequelize: Sequelize, reportId: number, level: number, at: Date, { transaction }: { transaction: Transaction }): Promise<void> {
  const upsert =
    sequelize.getDialect() === 'sqlite'
      ? 'INSERT INTO report_like_levels (report_id, level, reached_at) VALUES (?, ?, ?) ON CONFLICT (report_id, level) DO UPDATE SET reached_at = excluded.reached_at'
      : 'INSERT INTO report_like_levels (report_id, level, reached_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE reached_at = VALUES(reached_at)';
  await sequelize.query(upsert, { replacements: [reportId, level, sqlDateTime(sequelize, at)], transaction });
  // The like-sorted catch-ups read these rows (commands/feedPageCache.ts).
  listsChanged(sequelize, [reportId], { transaction });
}
