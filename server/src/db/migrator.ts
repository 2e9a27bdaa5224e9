import { DataTypes, QueryTypes, type QueryInterface, type Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug, type UmzugOptions } from 'umzug';
import { migrations } from '../../migrations';
import { isMysql, MYSQL_CHARSET, MYSQL_COLLATE } from './connection';
import { withNamedLock } from './namedLock';

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

/**
 * The migrations this code knows that the database has not applied, oldest first. Only reads: unlike
 * umzug's own check it creates no table, so a process that must not migrate leaves the database as
 * it found it.
 */
export async function pendingMigrations(sequelize: Sequelize): Promise<string[]> {
  const queryInterface = sequelize.getQueryInterface();
  const applied = new Set<string>();
  if (await queryInterface.tableExists(MIGRATIONS_TABLE)) {
    const rows = await sequelize.query<{ name: string }>(`SELECT name FROM ${queryInterface.quoteIdentifier(MIGRATIONS_TABLE)}`, { type: QueryTypes.SELECT });
    for (const row of rows) applied.add(row.name);
  }
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}

/** Refuses to go on when the release step (`npm run cli -- migrate`) has not brought the database up to this code. */
export async function assertSchemaCurrent(sequelize: Sequelize): Promise<void> {
  const pending = await pendingMigrations(sequelize);
  if (pending.length === 0) return;
  throw new Error(
    `データベースのスキーマがこのバージョンより古いため起動できません（未適用のマイグレーション: ${pending.join(', ')}）。` +
      'リリース手順として先に npm run cli -- migrate を一度だけ実行してください。',
  );
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
 * Several processes may run migrations at once against one MySQL database (two release steps, or
 * `npm start` twice); a named lock makes them migrate one after the other, so the later ones find
 * nothing pending.
 */
async function withMigrationLock<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  const result = await withNamedLock(sequelize, 'migrate', LOCK_TIMEOUT_SEC, work);
  if (!result.acquired) throw new Error(`マイグレーションのロックを ${LOCK_TIMEOUT_SEC} 秒以内に取得できませんでした（別のプロセスが実行中です）`);
  return result.value;
}
