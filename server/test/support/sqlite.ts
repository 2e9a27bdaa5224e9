import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Sequelize } from 'sequelize';
import { createSequelize } from '../../src/db/connection';
import { migrateUp } from '../../src/db/migrator';
import { initModels, type Models } from '../../src/models';

export interface TestSqliteDatabase {
  sequelize: Sequelize;
  models: Models;
  dataDir: string;
  /** Closes the connection and removes the data folder. */
  drop(): Promise<void>;
}

/** The embedded SQLite fallback (no DATABASE_URL) in a temporary data folder, fully migrated. */
export async function createTestSqliteDatabase(): Promise<TestSqliteDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-sqlite-'));
  const sequelize = createSequelize({ dataDir, logging: false });
  await migrateUp(sequelize);
  return {
    sequelize,
    models: initModels(sequelize),
    dataDir,
    async drop() {
      await sequelize.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
