import { DataTypes, QueryTypes, type QueryInterface, type Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug, type UmzugOptions } from 'umzug';
import { migrations } from '../../migrations';
import { isMysql, MYSQL_CHARSET, MYSQL_COLLATE } from './connection';

export type Migrator = Umzug<QueryInterface>;

export interface MigratorOptions {
  /** Where umzug reports each step; silent when omitted (callers log the names that migrateUp returns). */
  logger?: UmzugOptions<QueryInterface>['logger'];
}

export const MIGRATIONS_TABLE = 'SequelizeMeta';

export function createMigrator(sequelize: Sequelize, options: MigratorOptions = {}): Migrator {
  return new Umzug<QueryInterface>({
    migrations,
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ model: defineMigrationsModel(sequelize) }),
    logger: options.logger,
  });
}

/** Applies every pending migration; returns the names applied, oldest first. */
export async function migrateUp(sequelize: Sequelize, options: MigratorOptions = {}): Promise<string[]> {
  const applied = await withMigrationLock(sequelize, () => createMigrator(sequelize, options).up());
  return applied.map((migration) => migration.name);
}

/** Reverts the latest migration, or all of them with `{ all: true }`; returns the names reverted, newest first. */
export async function migrateDown(
  sequelize: Sequelize,
  { all = false, ...options }: MigratorOptions & { all?: boolean } = {},
): Promise<string[]> {
  const reverted = await withMigrationLock(sequelize, () => createMigrator(sequelize, options).down(all ? { to: 0 } : undefined));
  return reverted.map((migration) => migration.name);
}

/**
 * umzug's own storage model would create the table in 3-byte utf8, which MySQL 8 deprecates; this is the
 * same `SequelizeMeta` table in utf8mb4 like every other table.
 */
function defineMigrationsModel(sequelize: Sequelize) {
  if (sequelize.isDefined(MIGRATIONS_TABLE)) return sequelize.model(MIGRATIONS_TABLE);
  const charset = isMysql(sequelize) ? { charset: MYSQL_CHARSET, collate: MYSQL_COLLATE } : {};
  return sequelize.define(
    MIGRATIONS_TABLE,
    { name: { type: DataTypes.STRING(255), allowNull: false, primaryKey: true } },
    { tableName: MIGRATIONS_TABLE, timestamps: false, underscored: false, ...charset },
  );
}

const LOCK_TIMEOUT_SEC = 120;

/**
 * Several server processes may start together against one MySQL database; a named lock (held by a
 * connection of its own while the migrations run on others) makes them migrate one after the other,
 * so the later ones find nothing pending. The embedded SQLite file serves a single process.
 */
async function withMigrationLock<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  if (!isMysql(sequelize)) return work();
  return sequelize.transaction(async (transaction) => {
    const [row] = await sequelize.query<{ acquired: number | null }>(
      `SELECT GET_LOCK(CONCAT('migrate:', DATABASE()), ${LOCK_TIMEOUT_SEC}) AS acquired`,
      { type: QueryTypes.SELECT, transaction },
    );
    if (Number(row?.acquired) !== 1) {
      throw new Error(`マイグレーションのロックを ${LOCK_TIMEOUT_SEC} 秒以内に取得できませんでした（別のプロセスが実行中です）`);
    }
    try {
      return await work();
    } finally {
      await sequelize.query(`SELECT RELEASE_LOCK(CONCAT('migrate:', DATABASE()))`, { type: QueryTypes.SELECT, transaction });
    }
  });
}
