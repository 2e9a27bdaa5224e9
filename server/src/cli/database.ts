import fs from 'node:fs/promises';
import { announceCacheChanges } from '../cache/invalidation';
import { createSequelize } from '../db/connection';
import { createLogger } from '../logger';
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
    const models = initModels(sequelize);
    // The running API processes drop what a command's writes change.
    const closeAnnouncements = await announceCacheChanges({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, sequelize, logger: createLogger(env.LOG_LEVEL) });
    try {
      return await work({ sequelize, models });
    } finally {
      await closeAnnouncements();
    }
  } finally {
    await sequelize.close();
  }
}
