import type { Sequelize, Transaction } from 'sequelize';
import { countedLikeSql, listedValueSql, shownCommentSql } from './sql';

/**
 * Recomputes like_count and comment_count of `reportIds` from the rows, counting only what members see:
 * likes of members who are not suspended, comments that are shown (see isCommentShown). Recounting
 * rather than adding keeps the counters right whatever happened before. `updated_at` stays: the author
 * edited nothing. Call with the reports locked (lockReport) or inside the command that changed them.
 */
export async function recountReports(sequelize: Sequelize, reportIds: readonly number[], { transaction }: { transaction: Transaction }): Promise<void> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return;
  await sequelize.query(
    `UPDATE reports SET
       like_count = (SELECT COUNT(*) FROM likes l WHERE l.report_id = reports.id AND ${countedLikeSql('l')}),
       comment_count = (SELECT COUNT(*) FROM comments c WHERE c.report_id = reports.id AND ${shownCommentSql('c')})
     WHERE id IN (:ids)`,
    { replacements: { ids }, transaction },
  );
}

/** Recomputes the denormalised `listed` column of `reportIds` from their flags and their author's state. */
export async function refreshListed(sequelize: Sequelize, reportIds: readonly number[], { transaction }: { transaction: Transaction }): Promise<void> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return;
  await sequelize.query(`UPDATE reports SET listed = ${listedValueSql('reports')} WHERE id IN (:ids)`, { replacements: { ids }, transaction });
}
