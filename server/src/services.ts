import type { Middleware } from 'koa';
import type { Sequelize } from 'sequelize';
import type { AppCaches } from './cache/appCaches';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Models } from './models';
import type { NotificationRuntime } from './notifications';
import type { RateLimiter } from './rateLimit/rateLimiter';
import type { SearchService } from './search/searchService';
import type { Storage } from './storage/storage';

/** Everything a request handler may use, built once at start-up (or per test) and passed down explicitly. */
export interface AppServices {
  env: Env;
  logger: Logger;
  sequelize: Sequelize;
  models: Models;
  search: SearchService;
  storage: Storage;
  /** Signs access tokens (SESSION_SECRET, or the key kept in the data folder). */
  sessionKey: Buffer;
  /** Per-IP counters: Redis when REDIS_URL is set, memory otherwise. */
  rateLimiter: RateLimiter;
  /** RATE_LIMIT_FACTOR: multiplies every per-IP limit. */
  rateLimitFactor: number;
  /** The notifications' bus between processes and this process's open streams. */
  notifications: NotificationRuntime;
  /** Every in-process memory: named caches, dropped by what changed in any process (cache/). */
  caches: AppCaches;
  /** Serves stored media when the storage is local disk (a cloud driver serves its own URLs). */
  mediaMiddleware?: Middleware;
}
