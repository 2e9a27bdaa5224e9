import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Sequelize } from 'sequelize';
import { createSequelize } from '../../src/db/connection';
import { migrateUp } from '../../src/db/migrator';
import { initModels, type Models } from '../../src/models';
import { processIsAlive } from '../../src/processIsAlive';

export const DEFAULT_TEST_MYSQL_URL = 'mysql://root@127.0.0.1:3306';
const DATABASE_PREFIX = 'hiraku_test_';
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

export interface TestDatabase {
  sequelize: Sequelize;
  models: Models;
  /** URL of this test's own database, usable as DATABASE_URL. */
  url: string;
  name: string;
  /** Closes the connection pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, fully migrated MariaDB database of its own for one test file, so files can run in parallel
 * without seeing each other's rows. Call `drop()` in afterAll.
 */
export async function createTestDatabase(options: { migrate?: boolean; serverUrl?: string } = {}): Promise<TestDatabase> {
  // A fault test passes the server it started itself; everyone else uses the shared one.
  const serverUrl = options.serverUrl ?? process.env.TEST_MYSQL_URL ?? DEFAULT_TEST_MYSQL_URL;
  // Time and pid let a later run tell databases left behind by a crashed run from ones still in use.
  const name = `${DATABASE_PREFIX}${Date.now().toString(36)}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, async (conn) => {
    await dropAbandonedDatabases(conn);
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  });
  const url = databaseUrl(serverUrl, name);
  const sequelize = createSequelize({ databaseUrl: url, dataDir: '.', logging: false });
  try {
    if (options.migrate !== false) await migrateUp(sequelize);
  } catch (error) {
    await sequelize.close();
    await withServer(serverUrl, (conn) => conn.query(`DROP DATABASE IF EXISTS \`${name}\``));
    throw error;
  }
  const models = initModels(sequelize);
  let dropped = false;
  return {
    sequelize,
    models,
    url,
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await sequelize.close();
      await withServer(serverUrl, (conn) => conn.query(`DROP DATABASE IF EXISTS \`${name}\``));
    },
  };
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withServer<T>(serverUrl: string, work: (conn: mysql.Connection) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = '/';
  const conn = await mysql.createConnection(url.toString());
  try {
    return await work(conn);
  } finally {
    await conn.end();
  }
}

async function dropAbandonedDatabases(conn: mysql.Connection): Promise<void> {
  const [rows] = await conn.query<mysql.RowDataPacket[]>('SHOW DATABASES LIKE ?', [`${DATABASE_PREFIX}%`]);
  for (const row of rows) {
    const database = String(Object.values(row)[0]);
    const match = /^hiraku_test_([0-9a-z]+)_(\d+)_[0-9a-f]+$/.exec(database);
    if (!match?.[1] || !match[2]) continue;
    const createdAt = parseInt(match[1], 36);
    // Old and its process gone: both, because a test run elsewhere may share this server.
    if (Date.now() - createdAt > ABANDONED_AFTER_MS && !processIsAlive(Number(match[2]))) {
      await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
    }
  }
}

