import type { Sequelize, Transaction } from 'sequelize';

/**
 * Recomputes comment_count from the rows, counting what members see (hidden comments not included).
 * Call with the report row locked (lockReport). updated_at stays: the author edited nothing.
 */
export async function recountComments(sequelize: Sequelize, reportId: number, { transaction }: { transaction: Transaction }): Promise<void> {
  await sequelize.query(
    'UPDATE reports SET comment_count = (SELECT COUNT(*) FROM comments WHERE comments.report_id = :reportId AND comments.hidden_at IS NULL) WHERE id = :reportId',
    { replacements: { reportId }, transaction },
  );
}
