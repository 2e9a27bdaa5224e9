import type { Middleware } from 'koa';
import type { Sequelize } from 'sequelize';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Models } from './models';
import type { SearchService } from './search/searchService';
import type { Storage } from './storage/storage';

/** Everything a request handler may use, built once at start-up (or per test) and passed down explicitly. */
export interface AppServices {
  env: Env;
  logger: Logger;
  sequelize: Sequelize;
  models: Models;
  search: SearchService;
  mailer: Mailer;
  storage: Storage;
  /** Serves stored media when the storage is local disk (a cloud driver serves its own URLs). */
  mediaMiddleware?: Middleware;
}
