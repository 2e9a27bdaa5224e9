import fs from 'node:fs/promises';
import { applyReportsIndexSettings } from '@hiraku/search';
import type { Sequelize } from 'sequelize';
import { createSequelize } from './db/connection';
import { createAuthServices } from './auth/authServices';
import { assertSchemaCurrent, migrateUp } from './db/migrator';
import type { Env } from './env';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { startBackgroundJobs } from './jobs/backgroundJobs';
import { announceQueuedRows } from './jobs/outboxWake';
import { initModels, type Models } from './models';
import { connectSearch } from './search/connectSearch';
import type { SearchService } from './search/searchService';
import { seedTaxonomy } from './seed/taxonomy';
import { createStorage } from './storage/createStorage';
import type { AppServices } from './services';
import { NOTIFICATION_HEARTBEAT_SEC } from '@hiraku/shared';
import { createNotificationBus, createStreamHub, type NotificationBus } from './notifications';
import { createStreamRegistry, STREAM_STALE_HEARTBEATS, type StreamRegistry } from './notifications/streamRegistry';
import { createAppCaches } from './cache/appCaches';
import { primaryReadsOf } from './db/primaryReads';
import { startCacheInvalidation } from './cache/invalidation';

/**
 * What a process does (HIRAKU_ROLE): `all` is `npm start` on one machine (migrations, the API and the
 * background jobs in one process); in a deployment of several processes the release step migrates
 * (`npm run cli -- migrate`), `api` processes serve HTTP only and `worker` processes run the jobs only.
 */
export type ProcessRole = 'all' | 'api' | 'worker';

export interface Booted {
  services: AppServices;
  /** Stops what boot started, in reverse order. Safe to call twice. */
  shutdown(): Promise<void>;
}

export interface BootedWorker {
  logger: Logger;
  shutdown(): Promise<void>;
}

type Stop = () => Promise<void> | void;

/** The stop list every boot keeps: `shutdown` runs it in reverse, once, and never fails half-way. */
function stopList(logger: Logger) {
  const stops: Stop[] = [];
  let stopped = false;
  // Set once search is connected; runs before the first await, i.e. within the signal handler.
  let stopRestartingSearch: (() => void) | undefined;
  return {
    push: (stop: Stop) => stops.push(stop),
    onStopRestartingSearch: (stop: () => void) => (stopRestartingSearch = stop),
    async shutdown() {
      if (stopped) return;
      stopped = true;
      stopRestartingSearch?.();
      for (const stop of stops.reverse()) {
        await Promise.resolve(stop()).catch((error: unknown) => logger.warn({ err: error }, 'shutdown step failed'));
      }
    },
  };
}

interface Core {
  search: SearchService;
  sequelize: Sequelize;
  models: Models;
}

/**
 * The data folder, Meilisearch (MEILI_HOST, else the local engine a running CLI or server already shares
 * for this data folder, else a new one) and the database. Only `all` migrates and seeds; `api` and
 * `worker` check that the release step did, and refuse to start against an older schema.
 */
async function openCore(env: Env, role: ProcessRole, logger: Logger, stops: ReturnType<typeof stopList>): Promise<Core> {
  await fs.mkdir(env.dataDir, { recursive: true });
  const searchConnection = await connectSearch(env, logger);
  stops.push(() => searchConnection.stop());
  stops.onStopRestartingSearch(() => searchConnection.stopRestarting());
  const search = searchConnection.service;

  // Read replicas serve the API's reads only: the jobs read what they are about to write (outbox leases).
  const readUrls = role === 'worker' ? [] : env.DATABASE_READ_URLS;
  const sequelize = createSequelize({ databaseUrl: env.DATABASE_URL, readUrls, dataDir: env.dataDir });
  stops.push(() => sequelize.close());
  if (role === 'all') await migrateUp(sequelize);
  else await assertSchemaCurrent(sequelize);
  const models = initModels(sequelize);
  if (role === 'all') await seedTaxonomy(models);
  return { search, sequelize, models };
}

/** The notifications' bus: Redis pub/sub with REDIS_URL (several processes), in-process without. */
async function openBus(env: Env, logger: Logger, stops: ReturnType<typeof stopList>): Promise<NotificationBus> {
  const bus = await createNotificationBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger });
  stops.push(() => bus.close());
  return bus;
}

/**
 * With Redis there may be other API processes: a member's streams are counted across them all, and the
 * notification worker asks it who has one open (present.ts).
 */
async function openStreamRegistry(env: Env, logger: Logger, stops: ReturnType<typeof stopList>): Promise<StreamRegistry | undefined> {
  if (!env.REDIS_URL) return undefined;
  const registry = await createStreamRegistry({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, staleMs: STREAM_STALE_HEARTBEATS * NOTIFICATION_HEARTBEAT_SEC * 1000, logger });
  stops.push(() => registry.close());
  return registry;
}

function startJobs(env: Env, core: Core, bus: NotificationBus, logger: Logger, stops: ReturnType<typeof stopList>, registry: StreamRegistry | undefined): void {
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.dataDir });
  stops.push(() => mailer.close());
  // The digest lists notifications as the app does (icons included), so it needs the storage's URLs.
  const { storage, close: closeStorage } = createStorage(env);
  stops.push(closeStorage);
  // Stop before the mailer and the database close (stops run in reverse).
  const jobs = startBackgroundJobs({ ...core, mailer, logger, bus, storage, publicUrl: env.publicUrl, ...(registry ? { listening: registry.listening } : {}) });
  stops.push(() => jobs.stop());
}

/**
 * Brings up what serves HTTP (HIRAKU_ROLE `all` or `api`): search, the database, image storage, sessions
 * and rate limits; with `all` also the migrations, the taxonomy seed, the index settings and the
 * background jobs (mail, search sync, sweeps).
 */
export async function boot(env: Env): Promise<Booted> {
  const role = env.HIRAKU_ROLE;
  if (role === 'worker') throw new Error('HIRAKU_ROLE=worker serves no HTTP: start it with bootWorker');
  const logger = createLogger(env.LOG_LEVEL);
  const stops = stopList(logger);
  try {
    const core = await openCore(env, role, logger, stops);
    const { search, sequelize, models } = core;
    const bus = await openBus(env, logger, stops);
    // Before the jobs start, so their writes are announced too.
    const caches = createAppCaches({ enabled: env.HIRAKU_CACHES === 'on', primaryReads: primaryReadsOf(sequelize) });
    stops.push(startCacheInvalidation({ sequelize, caches, bus, logger }));
    const registry = await openStreamRegistry(env, logger, stops);
    if (role === 'all') {
      // Search being down must not stop the product from starting: writes queue up and search falls back.
      await applyReportsIndexSettings(search.client, search.reportsIndexUid).catch((error: unknown) =>
        logger.warn({ err: error }, 'Meilisearch の設定を適用できませんでした（後で再試行します）'),
      );
      startJobs(env, core, bus, logger, stops, registry);
    } else {
      // The workers are elsewhere: they hear of the rows queued here at once, not at their next poll.
      stops.push(announceQueuedRows(bus, logger));
    }

    const { storage, mediaMiddleware, close: closeStorage } = createStorage(env);
    stops.push(closeStorage);

    const { close: closeAuth, ...auth } = await createAuthServices(env, logger);
    stops.push(closeAuth);

    const hub = createStreamHub({ sequelize, models, storage }, bus, { checkEvents: !env.production, sessionKey: auth.sessionKey, rateLimitFactor: env.RATE_LIMIT_FACTOR, logger, visitMarks: caches.visitMarks, registry });
    // Runs first at shutdown: open streams end, so the HTTP server can close.
    stops.push(() => hub.close());

    return { services: { env, logger, sequelize, models, search, storage, mediaMiddleware, notifications: { bus, hub }, caches, ...auth }, shutdown: stops.shutdown };
  } catch (error) {
    await stops.shutdown();
    throw error;
  }
}

/**
 * Brings up a worker process (HIRAKU_ROLE=worker): the background jobs and what they need, no HTTP.
 * The search outbox worker applies the index settings before its first round.
 */
export async function bootWorker(env: Env): Promise<BootedWorker> {
  const logger = createLogger(env.LOG_LEVEL);
  const stops = stopList(logger);
  try {
    const core = await openCore(env, 'worker', logger, stops);
    const bus = await openBus(env, logger, stops);
    // The worker keeps no caches; its writes (sweeps, roll-ups) are told to the API processes' caches.
    stops.push(startCacheInvalidation({ sequelize: core.sequelize, caches: null, bus, logger }));
    startJobs(env, core, bus, logger, stops, await openStreamRegistry(env, logger, stops));
    return { logger, shutdown: stops.shutdown };
  } catch (error) {
    await stops.shutdown();
    throw error;
  }
}
