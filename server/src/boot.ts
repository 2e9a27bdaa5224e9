import fs from 'node:fs/promises';
import { applyReportsIndexSettings } from '@hiraku/search';
import { createSequelize } from './db/connection';
import { createAuthServices } from './auth/authServices';
import { migrateUp } from './db/migrator';
import type { Env } from './env';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { startAnalyticsMaintenance } from './jobs/analyticsMaintenance';
import { startMailDelivery } from './jobs/mailOutboxWorker';
import { createSearchOutboxWorker } from './jobs/searchOutboxWorker';
import { startSearchSync } from './jobs/searchSyncRunner';
import { startSuspensionSweep } from './jobs/suspensionSweep';
import { initModels } from './models';
import { connectSearch } from './search/connectSearch';
import { seedTaxonomy } from './seed/taxonomy';
import { createStorage } from './storage/createStorage';
import type { AppServices } from './services';

export interface Booted {
  services: AppServices;
  /** Stops what boot started, in reverse order. Safe to call twice. */
  shutdown(): Promise<void>;
}

/**
 * Brings up everything the API needs: data folder, Meilisearch (a local one unless MEILI_HOST is set),
 * the database with its migrations and taxonomy seed, the index settings, the mailer and the workers that send queued mail and keep the index in step.
 */
export async function boot(env: Env, { migrate = true, seed = true } = {}): Promise<Booted> {
  const logger = createLogger(env.LOG_LEVEL);
  const stops: Array<() => Promise<void> | void> = [];
  let stopped = false;
  // Set once search is connected; runs before the first await, i.e. within the signal handler.
  let stopRestartingSearch: (() => void) | undefined;
  const shutdown = async () => {
    if (stopped) return;
    stopped = true;
    stopRestartingSearch?.();
    for (const stop of stops.reverse()) {
      await Promise.resolve(stop()).catch((error: unknown) => logger.warn({ err: error }, 'shutdown step failed'));
    }
  };

  try {
    await fs.mkdir(env.dataDir, { recursive: true });

    // MEILI_HOST, else the local engine a running CLI or server already shares for this data folder, else a new one.
    const searchConnection = await connectSearch(env, logger);
    stops.push(() => searchConnection.stop());
    stopRestartingSearch = () => searchConnection.stopRestarting();
    const search = searchConnection.service;

    const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
    stops.push(() => sequelize.close());
    if (migrate) await migrateUp(sequelize);
    const models = initModels(sequelize);
    if (seed) await seedTaxonomy(models);

    // Search being down must not stop the product from starting: writes queue up and search falls back.
    await applyReportsIndexSettings(search.client, search.reportsIndexUid).catch((error: unknown) =>
      logger.warn({ err: error }, 'Meilisearch の設定を適用できませんでした（後で再試行します）'),
    );
    // Stops before the database closes (stops run in reverse); the worker re-applies the settings when Meilisearch returns.
    const searchSync = startSearchSync(createSearchOutboxWorker({ models, search, logger }), logger, { models });
    stops.push(() => searchSync.stop());
    const suspensionSweep = startSuspensionSweep({ models, sequelize }, logger);
    stops.push(() => suspensionSweep.stop());

    const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir });
    stops.push(() => mailer.close());
    // Sends what requests queued (stops before the mailer and the database close); a down mail server delays, never loses.
    const mailDelivery = startMailDelivery({ models, mailer, logger });
    stops.push(() => mailDelivery.stop());
    const analytics = startAnalyticsMaintenance({ models, sequelize, logger });
    stops.push(() => analytics.stop());

    const { storage, mediaMiddleware, close: closeStorage } = createStorage(env);
    stops.push(closeStorage);

    const { close: closeAuth, ...auth } = await createAuthServices(env, logger);
    stops.push(closeAuth);

    return { services: { env, logger, sequelize, models, search, storage, mediaMiddleware, ...auth }, shutdown };
  } catch (error) {
    await shutdown();
    throw error;
  }
}
