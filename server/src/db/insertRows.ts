import type { Sequelize, Transaction } from 'sequelize';

/**
 * One multi-row INSERT of `rows` into `table`, each row's values in the order of `columns`, in the
 * caller's transaction; nothing is sent for no rows. The placeholders follow from the rows themselves, so
 * a column added to one side and not the other is refused here instead of shifting every value after it.
 */
export async function insertRows(
  sequelize: Sequelize,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  { transaction }: { transaction?: Transaction } = {},
): Promise<void> {
  if (rows.length === 0) return;
  if (rows.some((row) => row.length !== columns.length)) throw new Error(`insertRows(${table}): every row needs ${columns.length} values`);
  const row = `(${columns.map(() => '?').join(', ')})`;
  await sequelize.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => row).join(', ')}`, { replacements: rows.flat(), transaction });
}
