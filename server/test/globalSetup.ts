/**
 * Runs once before the integration tests: checks the real MariaDB is reachable and starts one real
 * Meilisearch for the whole run (the tests never fall back to a fake). Workers read the services from
 * TEST_MYSQL_URL, TEST_MEILI_HOST and TEST_MEILI_KEY; each test file uses its own index prefix.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
// The runner module only, not the package entry: it needs nothing but Node.
import { startLocalMeilisearch, type LocalMeilisearch } from '@hiraku/search/src/localMeilisearch';

export const TEST_MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** What globalTeardown must undo; globalSetup and globalTeardown share only the global object. */
export interface TestServices {
  meilisearch?: LocalMeilisearch;
  meiliDataDir?: string;
}
const SERVICES_KEY = '__hirakuTestServices';

export function testServices(): TestServices {
  const holder = globalThis as typeof globalThis & { [SERVICES_KEY]?: TestServices };
  return (holder[SERVICES_KEY] ??= {});
}

export default async function globalSetup(): Promise<void> {
  process.env.TEST_MYSQL_URL = TEST_MYSQL_URL;
  try {
    const conn = await mysql.createConnection(TEST_MYSQL_URL);
    await conn.query('SELECT 1');
    await conn.end();
  } catch (error) {
    throw new Error(`MariaDB/MySQL (${TEST_MYSQL_URL}) に接続できません。起動してから再実行してください: ${String(error)}`, { cause: error });
  }

  // An already running Meilisearch (e.g. docker compose on a machine without the linux/x64 binary).
  if (process.env.TEST_MEILI_HOST) return;

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-meili-test-'));
  try {
    const meilisearch = await startLocalMeilisearch({
      dataDir,
      // The verified 130 MB copy is kept between runs; it is re-hashed before every start.
      binDir: path.resolve(__dirname, '../../node_modules/.cache/hiraku-meilisearch'),
    });
    Object.assign(testServices(), { meilisearch, meiliDataDir: dataDir });
    process.env.TEST_MEILI_HOST = meilisearch.host;
    process.env.TEST_MEILI_KEY = meilisearch.masterKey;
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw new Error(
      `テスト用の Meilisearch を起動できません。既に起動している Meilisearch を使う場合は TEST_MEILI_HOST と TEST_MEILI_KEY を設定してください。\n` +
        `Could not start Meilisearch for the tests; to use a running one set TEST_MEILI_HOST and TEST_MEILI_KEY.\n${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
