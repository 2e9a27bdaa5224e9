import fs from 'node:fs/promises';
import type { Sequelize } from 'sequelize';
import { announceCacheChanges } from '../cache/invalidation';
import { createSequelize } from '../db/connection';
import { migrateUp } from '../db/migrator';
import type { Env } from '../env';
import { createLogger, type Logger } from '../logger';
import { initModels, type Models } from '../models';
import { connectSearch, type ConnectSearchOptions } from '../search/connectSearch';
import type { SearchService } from '../search/searchService';
import { createStorage } from '../storage/createStorage';
import type { Storage } from '../storage/storage';

/** What an operator command works with: the same database, storage and search engine as the server. */
export interface CliServices {
  env: Env;
  logger: Logger;
  sequelize: Sequelize;
  models: Models;
  storage: Storage;
  search: SearchService;
}

/**
 * Opens the migrated database, the image storage and the search engine (shared with a running server
 * when there is one, see connectSearch), runs `work`, and always closes what it opened.
 */
export async function withCliServices<T>(env: Env, work: (services: CliServices) => Promise<T>, options: ConnectSearchOptions = {}): Promise<T> {
  await fs.mkdir(env.dataDir, { recursive: true });
  const logger = createLogger(env.LOG_LEVEL);
  const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    await migrateUp(sequelize);
    const models = initModels(sequelize);
    // The running API processes drop what a command's writes change.
    const closeAnnouncements = await announceCacheChanges({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, sequelize, logger });
    const search = await connectSearch(env, logger, options).catch(async (error: unknown) => {
      await closeAnnouncements();
      throw error;
    });
    try {
      // The same driver and place as boot(), so the server serves what a command stores.
      const { storage, close: closeStorage } = createStorage(env);
      try {
        return await work({ env, logger, sequelize, models, storage, search: search.service });
      } finally {
        await closeStorage();
      }
    } finally {
      await search.stop();
      await closeAnnouncements();
    }
  } finally {
    await sequelize.close();
  }
}
