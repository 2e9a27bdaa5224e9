import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSearchClient, type SearchClient } from '@hiraku/search';
import { parseEnv, type Env } from '../../src/env';
import { createTestDatabase, type TestDatabase } from './db';

/** The run's Meilisearch (started by globalSetup). */
export function testSearchClient(): SearchClient {
  return createSearchClient({ host: process.env.TEST_MEILI_HOST ?? '', apiKey: process.env.TEST_MEILI_KEY });
}

export interface CliTestEnv {
  db: TestDatabase;
  dataDir: string;
  /** The environment a command is started with: this file's database, data folder and index names. */
  env: Env;
  /** Deletes the indexes named with the prefix, drops the database and removes the data folder. */
  close(): Promise<void>;
}

/**
 * What a test of a command-line command (seed-demo, reindex) runs it against: a database and a data
 * folder of the test file's own, and the run's Meilisearch with index names starting with `indexPrefix`.
 */
export async function openCliTestEnv(indexPrefix: string): Promise<CliTestEnv> {
  const db = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `hiraku-${indexPrefix}`));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    MEILI_HOST: process.env.TEST_MEILI_HOST,
    MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY,
    MEILI_INDEX_PREFIX: indexPrefix,
    LOG_LEVEL: 'silent',
  });
  return {
    db,
    dataDir,
    env,
    async close() {
      const client = testSearchClient();
      const { results } = await client.getRawIndexes({ limit: 1000 });
      for (const { uid } of results) if (uid.startsWith(indexPrefix)) await client.deleteIndex(uid).waitTask();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
