import type { Sequelize, Transaction } from 'sequelize';
import { countedLikeSql, listedValueSql, shownCommentSql } from './sql';
import { listsChanged } from '../cache/changes';

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
  listsChanged(sequelize, ids, { transaction });
}

/** Recomputes the denormalised `listed` column of `reportIds` from their flags and their author's state. */
export async function refreshListed(sequelize: Sequelize, reportIds: readonly number[], { transaction }: { transaction: Transaction }): Promise<void> {
  const ids = [...new Set(reportIds)];
  if (ids.length === 0) return;
  await sequelize.query(`UPDATE reports SET listed = ${listedValueSql('reports')} WHERE id IN (:ids)`, { replacements: { ids }, transaction });
  listsChanged(sequelize, ids, { transaction });
}

/**
 * Moves the like_count of `reportId` by `delta` (+1 or -1) for one like row its caller inserted or
 * deleted, instead of recounting every like of the report. Exact for a member who may like (one who is
 * not suspended, so their like counts by countedLikeSql) when the row's insert or delete decided the
 * delta, under the report's lock (lockReport / lockReportForMember): nothing else changes the counter
 * meanwhile, so it cannot drift from recountReports' answer. Never below zero. `updated_at` stays.
 */
export async function adjustLikeCount(sequelize: Sequelize, reportId: number, delta: 1 | -1, { transaction }: { transaction: Transaction }): Promise<void> {
  await sequelize.query(
    delta > 0 ? 'UPDATE reports SET like_count = like_count + 1 WHERE id = :id' : 'UPDATE reports SET like_count = like_count - 1 WHERE id = :id AND like_count > 0',
    { replacements: { id: reportId }, transaction },
  );
  listsChanged(sequelize, [reportId], { transaction });
}

/**
 * adjustLikeCount for comment_count: +1 for a comment just created by a member who may comment (not
 * suspended, so the comment is shown by shownCommentSql), under the report's lock. Hiding, deleting
 * and suspensions still recount (recountReports).
 */
export async function adjustCommentCount(sequelize: Sequelize, reportId: number, delta: 1, { transaction }: { transaction: Transaction }): Promise<void> {
  await sequelize.query('UPDATE reports SET comment_count = comment_count + :delta WHERE id = :id', { replacements: { id: reportId, delta }, transaction });
  listsChanged(sequelize, [reportId], { transaction });
}
