import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import type { Models } from '../models';
import { recountReports, refreshListed } from './counters';

/**
 * After a member's suspension begins or ends: their reports' `listed` column follows, the like and
 * comment counters of every report they wrote, liked or commented on are recounted (the counters skip a
 * suspended member's likes and comments), and all those reports are queued for the search index
 * (listing and like counts are in the documents). All in the caller's transaction.
 */
export async function applyMemberVisibilityChange(
  deps: { models: Pick<Models, 'SearchOutboxEntry'>; sequelize: Sequelize },
  userId: number,
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const rows = await deps.sequelize.query<{ reportId: number | string; own: number | string }>(
    `SELECT id AS reportId, 1 AS own FROM reports WHERE author_id = :userId
     UNION SELECT report_id AS reportId, 0 AS own FROM likes WHERE user_id = :userId
     UNION SELECT report_id AS reportId, 0 AS own FROM comments WHERE author_id = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  const own = rows.filter((row) => Number(row.own) === 1).map((row) => Number(row.reportId));
  const touched = [...new Set(rows.map((row) => Number(row.reportId)))];
  await refreshListed(deps.sequelize, own, { transaction });
  await recountReports(deps.sequelize, touched, { transaction });
  await enqueueReportSearchSync(deps.models, touched, 'upsert', { transaction });
}
