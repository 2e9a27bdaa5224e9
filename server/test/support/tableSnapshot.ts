import type { EndpointKey } from '@hiraku/shared';
import { QueryTypes } from 'sequelize';
import type { Models } from '../../src/models';
import type { AppServices } from '../../src/services';

type ModelName = keyof Models & string;

/** One line per model: what a refused request must leave exactly as it was. */
export type TableSnapshot = Record<string, string>;

export interface SnapshotOptions {
  /**
   * Also a checksum of every row's content (MariaDB's CHECKSUM TABLE): catches a change to a table that
   * has no `updatedAt` (a revoked token, a handled enquiry), which row count and latest change miss.
   */
  contents?: boolean;
}

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** Where the write counters of `countRowWrites` are kept (a table of the test's own, no model). */
const WRITES_TABLE = 'test_row_writes';
const counting = new WeakSet<object>();

/**
 * Installs triggers that count every row inserted, updated or deleted in every model's table; from then
 * on `tableSnapshot` reads these counters, which see any write at all (even one that leaves the row as it
 * was) for the price of reading one small table. For tests that snapshot around each of thousands of
 * requests. Test databases only: the triggers live in the test's own database and go with it.
 */
export async function countRowWrites(services: Pick<AppServices, 'models' | 'sequelize'>): Promise<void> {
  const { sequelize } = services;
  await sequelize.query(`CREATE TABLE IF NOT EXISTS ${quote(WRITES_TABLE)} (table_name VARCHAR(64) PRIMARY KEY, writes BIGINT NOT NULL)`);
  for (const [name, model] of Object.entries(services.models)) {
    const table = String(model.getTableName());
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      await sequelize.query(
        `CREATE TRIGGER ${quote(`count_${event.toLowerCase()}_${table}`.slice(0, 64))} AFTER ${event} ON ${quote(table)} FOR EACH ROW ` +
          `INSERT INTO ${quote(WRITES_TABLE)} (table_name, writes) VALUES (${sequelize.escape(name)}, 1) ON DUPLICATE KEY UPDATE writes = writes + 1`,
      );
    }
  }
  counting.add(sequelize);
}

/**
 * What every table holds, in one round trip, so tests can afford one before and after every request
 * they send: the row writes counted since `countRowWrites`, or else the row count and latest `updatedAt`
 * of every table (deleted rows of paranoid models included). Security tests compare two of these around
 * refused requests: a refused request must change nothing.
 */
export async function tableSnapshot(services: Pick<AppServices, 'models' | 'sequelize'>, options: SnapshotOptions = {}): Promise<TableSnapshot> {
  const models = Object.entries(services.models);
  const out: TableSnapshot = {};
  if (counting.has(services.sequelize)) {
    const rows = await services.sequelize.query<{ table_name: string; writes: number | string }>(`SELECT table_name, writes FROM ${quote(WRITES_TABLE)}`, {
      type: QueryTypes.SELECT,
    });
    for (const [name] of models) out[name] = '0 writes';
    for (const row of rows) out[row.table_name] = `${Number(row.writes)} writes`;
  } else {
    const selects = models.map(([name, model]) => {
      const updatedAt = model.getAttributes().updatedAt?.field;
      const latest = updatedAt ? `MAX(${quote(updatedAt)})` : 'NULL';
      return `SELECT ${services.sequelize.escape(name)} AS name, COUNT(*) AS n, ${latest} AS latest FROM ${quote(model.getTableName() as string)}`;
    });
    const rows = await services.sequelize.query<{ name: string; n: number | string; latest: Date | string | null }>(selects.join(' UNION ALL '), {
      type: QueryTypes.SELECT,
    });
    for (const row of rows) {
      const latest = row.latest instanceof Date ? row.latest.toISOString() : String(row.latest);
      out[row.name] = `${Number(row.n)} ${latest}`;
    }
  }
  if (options.contents) {
    const tables = new Map(models.map(([name, model]) => [String(model.getTableName()), name]));
    const sums = await services.sequelize.query<{ Table: string; Checksum: number | string | null }>(
      `CHECKSUM TABLE ${[...tables.keys()].map(quote).join(', ')}`,
      { type: QueryTypes.SELECT },
    );
    for (const sum of sums) {
      const name = tables.get(sum.Table.split('.').pop() ?? '');
      if (name) out[name] = `${out[name]} #${String(sum.Checksum)}`;
    }
  }
  return out;
}

/**
 * Refusals that write on purpose, and the one table each may touch: a refused refresh (a suspended
 * member's, or a token used twice) revokes the token's family, and a refused login counts the failure
 * against the account (the lock-out). Anything else a refused request changes is a finding.
 */
export const REFUSALS_THAT_WRITE: Partial<Record<EndpointKey, readonly ModelName[]>> = {
  'auth.refresh': ['RefreshToken'],
  'auth.login': ['User'],
};

/** The tables whose line differs (those in `allowed` aside), with both lines: empty when nothing changed. */
export function snapshotChanges(before: TableSnapshot, after: TableSnapshot, allowed: readonly string[] = []): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name] !== after[name] && !allowed.includes(name))
    .map((name) => `${name}: ${before[name]} -> ${after[name]}`);
}
