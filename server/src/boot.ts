import fs from 'node:fs/promises';
import path from 'node:path';
import { startLocalMeilisearch, applyReportsIndexSettings } from '@hiraku/search';
import { createSequelize } from './db/connection';
import { createAuthServices } from './auth/authServices';
import { migrateUp } from './db/migrator';
import type { Env } from './env';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { initModels } from './models';
import { createSearchService } from './search/searchService';
import { seedTaxonomy } from './seed/taxonomy';
import { createLocalStorage } from './storage/localStorage';
import type { AppServices } from './services';

export interface Booted {
  services: AppServices;
  /** Stops what boot started, in reverse order. Safe to call twice. */
  shutdown(): Promise<void>;
}

/**
 * Brings up everything the API needs: data folder, Meilisearch (a local one unless MEILI_HOST is set),
 * the database with its migrations and taxonomy seed, the index settings and the mailer.
 */
export async function boot(env: Env, { migrate = true, seed = true } = {}): Promise<Booted> {
  const logger = createLogger(env.LOG_LEVEL);
  const stops: Array<() => Promise<void> | void> = [];
  let stopped = false;
  const shutdown = async () => {
    if (stopped) return;
    stopped = true;
    for (const stop of stops.reverse()) {
      await Promise.resolve(stop()).catch((error: unknown) => logger.warn({ err: error }, 'shutdown step failed'));
    }
  };

  try {
    await fs.mkdir(env.dataDir, { recursive: true });

    let meiliHost = env.MEILI_HOST;
    let meiliKey = env.MEILI_MASTER_KEY;
    if (!meiliHost) {
      logger.info('MEILI_HOST が未設定のため、ローカルの Meilisearch を起動します');
      const local = await startLocalMeilisearch({ dataDir: env.dataDir });
      stops.push(() => local.stop());
      meiliHost = local.host;
      meiliKey = local.masterKey;
    }

    const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
    stops.push(() => sequelize.close());
    if (migrate) await migrateUp(sequelize);
    const models = initModels(sequelize);
    if (seed) await seedTaxonomy(models);

    const search = createSearchService({ host: meiliHost, apiKey: meiliKey, indexPrefix: env.MEILI_INDEX_PREFIX });
    // Search being down must not stop the product from starting: writes queue up and search falls back.
    await applyReportsIndexSettings(search.client, search.reportsIndexUid).catch((error: unknown) =>
      logger.warn({ err: error }, 'Meilisearch の設定を適用できませんでした（後で再試行します）'),
    );

    const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir });
    stops.push(() => mailer.close());

    const storage = createLocalStorage(path.join(env.dataDir, 'uploads'));

    const { close: closeAuth, ...auth } = await createAuthServices(env, logger);
    stops.push(closeAuth);

    return { services: { env, logger, sequelize, models, search, mailer, storage, mediaMiddleware: storage.serve(), ...auth }, shutdown };
  } catch (error) {
    await shutdown();
    throw error;
  }
}
