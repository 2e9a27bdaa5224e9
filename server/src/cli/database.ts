import fs from 'node:fs/promises';
import { createSequelize } from '../db/connection';
import { migrateUp } from '../db/migrator';
import type { Env } from '../env';
import { initModels, type Models } from '../models';
import type { Sequelize } from 'sequelize';

/** Opens the configured database (migrated), runs `work`, and always closes the connection. */
export async function withDatabase<T>(env: Env, work: (db: { sequelize: Sequelize; models: Models }) => Promise<T>): Promise<T> {
  await fs.mkdir(env.dataDir, { recursive: true });
  const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    await migrateUp(sequelize);
    return await work({ sequelize, models: initModels(sequelize) });
  } finally {
    await sequelize.close();
  }
}
