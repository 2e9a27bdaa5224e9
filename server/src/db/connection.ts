import fs from 'node:fs';
import path from 'node:path';
import { Sequelize, type Options } from 'sequelize';

export type SqlLogger = (sql: string, timingMs?: number) => void;

export interface DatabaseOptions {
  /** `mysql://user:pass@host:port/database`; without it the embedded SQLite file is used. */
  databaseUrl?: string;
  /** Folder of the SQLite file (created when missing). */
  dataDir: string;
  logging?: boolean | SqlLogger;
}

export const SQLITE_FILE_NAME = 'hiraku.sqlite';
export const MYSQL_CHARSET = 'utf8mb4';
export const MYSQL_COLLATE = 'utf8mb4_unicode_ci';

/** How long a SQLite connection waits for another connection's write lock before failing with SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export function sqliteFilePath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SQLITE_FILE_NAME);
}

export function isMysql(sequelize: Sequelize): boolean {
  return sequelize.getDialect() === 'mysql';
}

export function createSequelize(options: DatabaseOptions): Sequelize {
  const logging = toSequelizeLogging(options.logging);
  if (options.databaseUrl) {
    return new Sequelize(options.databaseUrl, {
      dialect: 'mysql',
      logging,
      // Stored and read as UTC whatever the server's zone; display converts to Asia/Tokyo.
      timezone: '+00:00',
      // mysql2 takes a collation here; it fixes the connection to 4-byte UTF-8 so emoji survive the round trip.
      dialectOptions: { charset: MYSQL_COLLATE.toUpperCase() },
      define: { underscored: true, charset: MYSQL_CHARSET, collate: MYSQL_COLLATE },
      pool: { max: 10, min: 0, acquire: 30_000, idle: 10_000, evict: 10_000 },
    });
  }
  const storage = sqliteFilePath(options.dataDir);
  fs.mkdirSync(path.dirname(storage), { recursive: true });
  const sequelize = new Sequelize({
    dialect: 'sqlite',
    storage,
    logging,
    define: { underscored: true },
  });
  prepareSqliteConnections(sequelize);
  return sequelize;
}

function toSequelizeLogging(logging: DatabaseOptions['logging']): Options['logging'] {
  if (typeof logging === 'function') return logging;
  return logging ? (sql: string) => console.info(sql) : false;
}

/** The part of node-sqlite3's Database that we call. */
interface SqliteDatabase {
  run(sql: string, callback: (error: Error | null) => void): unknown;
  configure(option: 'busyTimeout', value: number): void;
}

interface SqliteConnectionManager {
  getConnection(options?: object): Promise<SqliteDatabase>;
}

/**
 * Sequelize already turns foreign keys on for every SQLite connection but runs no hook we could use for
 * the rest, and transactions open connections of their own; so each new connection is prepared here:
 * WAL lets readers go on while one connection writes, and a busy timeout makes writers queue instead of
 * failing at once.
 */
function prepareSqliteConnections(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const getConnection = manager.getConnection.bind(manager);
  const prepared = new WeakSet<SqliteDatabase>();
  manager.getConnection = async (connectionOptions?: object): Promise<SqliteDatabase> => {
    const connection = await getConnection(connectionOptions);
    if (!prepared.has(connection)) {
      prepared.add(connection);
      connection.configure('busyTimeout', SQLITE_BUSY_TIMEOUT_MS);
      await runPragma(connection, 'PRAGMA journal_mode = WAL');
      await runPragma(connection, 'PRAGMA foreign_keys = ON');
    }
    return connection;
  };
}

function runPragma(connection: SqliteDatabase, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    connection.run(sql, (error) => (error ? reject(error) : resolve()));
  });
}
