import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Sequelize, Transaction, type Options } from 'sequelize';
import { installPrimaryReads } from './primaryReads';

export type SqlLogger = (sql: string, timingMs?: number) => void;

export interface DatabaseOptions {
  /** `mysql://user:pass@host:port/database`; without it the embedded SQLite file is used. */
  databaseUrl?: string;
  /** Read replicas of `databaseUrl` (MySQL only): Sequelize sends reads outside a transaction there. */
  readUrls?: readonly string[];
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

/**
 * `date` as a literal for a raw query's replacements, to the millisecond. Sequelize formats a Date
 * replacement without milliseconds on MySQL (its untyped DATE), which puts a keyset cursor up to a
 * second off; SQLite compares the text Sequelize stores, which ends in the zone.
 */
export function sqlDateTime(sequelize: Sequelize, date: Date): string {
  const iso = date.toISOString();
  const text = `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
  return isMysql(sequelize) ? text : `${text} +00:00`;
}

export function createSequelize(options: DatabaseOptions): Sequelize {
  const logging = toSequelizeLogging(options.logging);
  if (options.databaseUrl) {
    const replication = options.readUrls?.length ? { replication: replicationOf(options.databaseUrl, options.readUrls) } : {};
    const sequelize = new Sequelize(options.databaseUrl, {
      dialect: 'mysql',
      ...replication,
      logging,
      // Stored and read as UTC whatever the server's zone; display converts to Asia/Tokyo.
      timezone: '+00:00',
      // mysql2 takes a collation here; it fixes the connection to 4-byte UTF-8 so emoji survive the round trip.
      dialectOptions: { charset: MYSQL_COLLATE.toUpperCase() },
      define: { underscored: true, charset: MYSQL_CHARSET, collate: MYSQL_COLLATE },
      pool: { max: 10, min: 0, acquire: 30_000, idle: 10_000, evict: 10_000 },
      // Any transaction but a writeTransaction asks for the server's default, since the session's is not it.
      isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ,
    });
    readCommittedSessions(sequelize);
    if (options.readUrls?.length) installPrimaryReads(sequelize);
    return sequelize;
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

/**
 * Every MariaDB/MySQL connection's session is at READ COMMITTED, the level of every writeTransaction
 * (why: db/transaction.ts), set once when the pool opens the connection. Asked of each transaction
 * instead, it was one more statement on every write (a like: ten, this one of them). A statement outside
 * a transaction sees one snapshot at either level; other transactions ask for REPEATABLE READ (above).
 */
function readCommittedSessions(sequelize: Sequelize): void {
  sequelize.addHook('afterConnect', async (connection: unknown) => {
    await promisify((done: (error: Error | null) => void) => (connection as CallbackConnection).query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', done))();
  });
}

/** The driver's connection as Sequelize's hook hands it over: mysql2's callback API. */
interface CallbackConnection {
  query(sql: string, done: (error: Error | null) => void): void;
}

interface ConnectionTarget {
  host: string;
  port: number;
  username: string;
  password: string;
  database: string;
}

function targetOf(url: string, fallbackDatabase?: string): ConnectionTarget {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 3306),
    username: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || (fallbackDatabase ?? ''),
  };
}

/** Sequelize's replication option: writes (and every transaction) to the primary, other reads spread over the replicas. */
export function replicationOf(primaryUrl: string, readUrls: readonly string[]): { write: ConnectionTarget; read: ConnectionTarget[] } {
  const write = targetOf(primaryUrl);
  // A replica URL without a database name means the primary's database.
  return { write, read: readUrls.map((url) => targetOf(url, write.database)) };
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
