import { QueryTypes, type Sequelize } from 'sequelize';
import { isMysql } from './connection';

export type LockedResult<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs `work` while holding the MySQL/MariaDB named lock `name` (scoped to the current database), so
 * work that must not run in two server processes at once runs in one. The lock is held by a
 * connection of its own (a transaction pins it) while `work` uses others; it is released when the work
 * ends, and by the server if the process dies. Waits up to `waitSec` (0: gives up at once if another
 * process holds it). The embedded SQLite file serves a single process, which needs no lock.
 */
export async function withNamedLock<T>(sequelize: Sequelize, name: string, waitSec: number, work: () => Promise<T>): Promise<LockedResult<T>> {
  if (!isMysql(sequelize)) return { acquired: true, value: await work() };
  return sequelize.transaction(async (transaction) => {
    const [row] = await sequelize.query<{ acquired: number | null }>(`SELECT GET_LOCK(CONCAT(?, ':', DATABASE()), ?) AS acquired`, {
      type: QueryTypes.SELECT,
      transaction,
      replacements: [name, waitSec],
    });
    if (Number(row?.acquired) !== 1) return { acquired: false };
    try {
      return { acquired: true, value: await work() };
    } finally {
      await sequelize.query(`SELECT RELEASE_LOCK(CONCAT(?, ':', DATABASE()))`, { type: QueryTypes.SELECT, transaction, replacements: [name] });
    }
  });
}
