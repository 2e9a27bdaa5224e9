import mysql from 'mysql2/promise';
import { hashPassword } from '../../../server/src/auth/password';
import { createSequelize } from '../../../server/src/db/connection';
import { migrateUp } from '../../../server/src/db/migrator';
import { initModels } from '../../../server/src/models';
import { seedTaxonomy } from '../../../server/src/seed/taxonomy';
import { generateDataSet, type DataSetSummary } from './generate';

/** Every member of a generated data set signs in with this password. */
export const BENCH_PASSWORD = 'bench-nawa-to-rousoku-2026';

export interface BenchDataOptions {
  serverUrl: string;
  database: string;
  reports: number;
  members: number;
  seed?: number;
  onProgress?: (reportsWritten: number) => void;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A new database (dropped first if it exists) with the schema from the project's migrations, the
 * taxonomy from the project's seed, and the generated data set bulk-inserted on top.
 */
export async function createBenchData(options: BenchDataOptions): Promise<{ url: string; summary: DataSetSummary }> {
  if (!/^hiraku_bench[a-z0-9_]*$/.test(options.database)) throw new Error(`bench databases are named hiraku_bench…, not ${options.database}`);
  const admin = await mysql.createConnection(databaseUrl(options.serverUrl, ''));
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${options.database}\``);
    await admin.query(`CREATE DATABASE \`${options.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(options.serverUrl, options.database);
  const sequelize = createSequelize({ databaseUrl: url, dataDir: '.', logging: false });
  try {
    await migrateUp(sequelize);
    await seedTaxonomy(initModels(sequelize));
  } finally {
    await sequelize.close();
  }
  const conn = await mysql.createConnection({ uri: url, charset: 'UTF8MB4_UNICODE_CI', timezone: 'Z' });
  try {
    const summary = await generateDataSet(conn, {
      reports: options.reports,
      members: options.members,
      seed: options.seed ?? 20_261_122,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      onProgress: options.onProgress,
    });
    await conn.query('ANALYZE TABLE reports, report_tags, likes, comments, users, profiles');
    return { url, summary };
  } finally {
    await conn.end();
  }
}

export async function dropBenchDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = await mysql.createConnection(databaseUrl(serverUrl, ''));
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await admin.end();
  }
}

/**
 * The database of a script with a command of its own (bench:scaleout, bench:notifications): generated
 * unless `reuseData`, then checked to hold listed reports. Answers its URL and how many are listed.
 */
export async function prepareBenchDatabase(
  serverUrl: string,
  database: string,
  { reports, members, reuseData }: { reports: number; members: number; reuseData: boolean },
): Promise<{ url: string; listed: number }> {
  if (!reuseData) {
    console.info(`data: ${reports} reports by ${members} members into ${database}`);
    await createBenchData({ serverUrl, database, reports, members });
  }
  const url = databaseUrl(serverUrl, database);
  const conn = await mysql.createConnection(url);
  const [[counted]] = await conn.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM reports WHERE listed = 1');
  await conn.end();
  const listed = Number(counted?.n ?? 0);
  if (listed === 0) throw new Error(`${database} holds no listed report: run without --reuse-data`);
  return { url, listed };
}
