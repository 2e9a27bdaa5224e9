import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { applyReportsIndexSettings } from '@hiraku/search';
import { createApp } from '../../src/app';
import { createAuthServices } from '../../src/auth/authServices';
import { answerClientErrors } from '../../src/http/clientErrors';
import { keepIdleConnectionsOpen } from '../../src/http/keepAlive';
import { parseEnv } from '../../src/env';
import { createLogger, type Logger } from '../../src/logger';
import { createMailOutboxWorker } from '../../src/jobs/mailOutboxWorker';
import { startOutboxRunner } from '../../src/jobs/outboxRunner';
import { createMailer } from '../../src/mail/mailer';
import { createSearchService } from '../../src/search/searchService';
import type { AppServices } from '../../src/services';
import { createLocalStorage } from '../../src/storage/localStorage';
import type { Storage } from '../../src/storage/storage';
import { createTestDatabase } from './db';
import { createAppCaches, type AppCacheOptions } from '../../src/cache/appCaches';
import { startCacheInvalidation } from '../../src/cache/invalidation';
import { primaryReadsOf } from '../../src/db/primaryReads';
import { createNotificationBus, createNotificationWorker, createStreamHub, NOTIFICATION_IDLE_MS, type NotificationBus } from '../../src/notifications';
import type { StreamRegistry } from '../../src/notifications/streamRegistry';

export const TEST_MAIL_BACKOFF = { minMs: 50, maxMs: 500 };

export interface TestApp {
  services: AppServices;
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh MariaDB database, the run's real Meilisearch (own index prefix), mail as
 * .eml files (or SMTP when given) and images on disk, listening on a free port.
 */
export async function startTestApp(
  options: {
    smtpUrl?: string;
    env?: Record<string, string>;
    logger?: Logger;
    /** false: queued mail stays in the outbox (a test comparing table snapshots needs no worker moving rows). */
    deliverMail?: boolean;
    /** Another store for images (an S3 bucket); the bucket serves its own URLs, so the app serves no /media/. */
    storage?: Storage;
    /** A MariaDB server the test started itself (a fault test stops it); the shared one otherwise. */
    mysqlServerUrl?: string;
    /**
     * Run the notification worker (as boot() does); by default exactly when mail is delivered, since a
     * test comparing table snapshots needs no worker moving rows.
     */
    fanOut?: boolean;
    /** Other sizes or times to live for the app's caches (a test that looks at what they hold over several seconds). */
    cacheSizes?: AppCacheOptions['sizes'];
    /** A web build of the test's own (the repository's apps/web/dist by default, which may not be built). */
    webDistDir?: string;
    /** Another bus for the app and its worker (one a test makes lose and regain its connection); the app's own by default. */
    bus?: NotificationBus;
    /** A stream registry (as boot() opens with Redis): the hub counts its streams there and the worker tells only the members it finds. */
    registry?: StreamRegistry;
    /** The streams' heartbeat, which is also when the hub counts them in the registry (NOTIFICATION_HEARTBEAT_SEC by default). */
    streamHeartbeatMs?: number;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase(options.mysqlServerUrl ? { serverUrl: options.mysqlServerUrl } : {});
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hiraku-test-'));
  const indexPrefix = `t${process.pid}_${Date.now().toString(36)}_`;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    MEILI_HOST: process.env.TEST_MEILI_HOST,
    MEILI_MASTER_KEY: process.env.TEST_MEILI_KEY,
    MEILI_INDEX_PREFIX: indexPrefix,
    SMTP_URL: options.smtpUrl,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  if (!env.MEILI_HOST) throw new Error('TEST_MEILI_HOST is not set: run integration tests through jest (globalSetup starts Meilisearch).');
  const search = createSearchService({ host: env.MEILI_HOST, apiKey: env.MEILI_MASTER_KEY, indexPrefix });
  await applyReportsIndexSettings(search.client, search.reportsIndexUid);
  const local = createLocalStorage(path.join(dataDir, 'uploads'));
  const storage = options.storage ?? local;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir });
  const logger = options.logger ?? createLogger('silent');
  const { close: closeAuth, ...auth } = await createAuthServices(env, logger);
  const bus = options.bus ?? (await createNotificationBus({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX, logger }));
  // As boot() does.
  const caches = createAppCaches({ enabled: env.HIRAKU_CACHES === 'on', primaryReads: primaryReadsOf(db.sequelize), ...(options.cacheSizes ? { sizes: options.cacheSizes } : {}) });
  const stopCacheInvalidation = startCacheInvalidation({ sequelize: db.sequelize, caches, bus, logger });
  const hub = createStreamHub({ sequelize: db.sequelize, models: db.models, storage }, bus, {
    checkEvents: true,
    sessionKey: auth.sessionKey,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    logger,
    visitMarks: caches.visitMarks,
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.streamHeartbeatMs ? { heartbeatMs: options.streamHeartbeatMs } : {}),
  });
  const services: AppServices = {
    env,
    logger,
    sequelize: db.sequelize,
    models: db.models,
    search,
    storage,
    mediaMiddleware: options.storage ? undefined : local.serve(),
    notifications: { bus, hub },
    caches,
    ...auth,
  };
  // As boot() does; short pauses so a test that stops its SMTP server sees the mail soon after it returns.
  const mailDelivery =
    options.deliverMail === false ? null : startOutboxRunner(createMailOutboxWorker({ models: db.models, mailer, logger }, { backoff: TEST_MAIL_BACKOFF }), logger);
  const fanOut =
    (options.fanOut ?? options.deliverMail !== false)
      ? startOutboxRunner(createNotificationWorker({ models: db.models, sequelize: db.sequelize, bus, logger, storage, ...(options.registry ? { listening: options.registry.listening } : {}) }), logger, { idleMs: NOTIFICATION_IDLE_MS })
      : null;
  const server: Server = await new Promise((resolve) => {
    const s = createApp(services, options.webDistDir ? { webDistDir: options.webDistDir } : {}).listen(0, '127.0.0.1', () => resolve(s));
  });
  // As main.ts does.
  answerClientErrors(server);
  keepIdleConnectionsOpen(server);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    services,
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataDir,
    async close() {
      hub.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fanOut?.stop();
      stopCacheInvalidation();
      await bus.close();
      await mailDelivery?.stop();
      mailer.close();
      await closeAuth();
      await search.client.deleteIndex(search.reportsIndexUid).waitTask().catch(() => undefined);
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
