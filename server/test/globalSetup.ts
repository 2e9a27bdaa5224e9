/**
 * Runs once before the integration tests: checks the real MariaDB is reachable (the tests never
 * fall back to a fake). Search setup is added by the search module.
 */
import mysql from 'mysql2/promise';

export const TEST_MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export default async function globalSetup(): Promise<void> {
  process.env.TEST_MYSQL_URL = TEST_MYSQL_URL;
  try {
    const conn = await mysql.createConnection(TEST_MYSQL_URL);
    await conn.query('SELECT 1');
    await conn.end();
  } catch (error) {
    throw new Error(`MariaDB/MySQL (${TEST_MYSQL_URL}) に接続できません。起動してから再実行してください: ${String(error)}`);
  }
}
