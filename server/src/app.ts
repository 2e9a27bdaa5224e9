import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { authenticate } from './middlewares/authenticate';
import { clientAddress } from './middlewares/clientAddress';
import { compression, conditionalGet } from './middlewares/compression';
import { csrfProtection } from './middlewares/csrf';
import { errorHandler } from './middlewares/errorHandler';
import { requestLog } from './middlewares/requestLog';
import { securityHeaders } from './middlewares/securityHeaders';
import { firstScreenRenderer } from './middlewares/firstScreenHtml';
import { webApp } from './middlewares/webApp';
import { robotsTxtRoute } from './middlewares/robotsTxt';
import { readYourWrites } from './middlewares/readYourWrites';
import { primaryReadsOf } from './db/primaryReads';
import { apiRouter, endpointHandlers } from './routes';
import type { AppServices } from './services';

export const WEB_DIST_DIR = path.resolve(__dirname, '../../apps/web/dist');

/** Names the server process that answered, outside production, so tests behind a load balancer can tell them apart. */
export const PROCESS_HEADER = 'X-Hiraku-Process';
const PROCESS_ID = `${os.hostname()}:${process.pid}`;

/**
 * Builds the Koa app. The order matters and is the one docs/architecture.md draws: client address ->
 * process name -> request log -> compression -> error handler -> conditional GET -> security headers ->
 * body parser (multipart only on upload routes) -> reads after a write to the primary (with replicas) -> session -> anti-forgery check -> the endpoint map's
 * routes -> media (local storage) -> /robots.txt -> the web app.
 */
export function createApp(services: AppServices, { webDistDir = WEB_DIST_DIR } = {}): Koa {
  // Koa's own proxy mode would believe the leftmost X-Forwarded-For entry: clientAddress decides instead.
  const app = new Koa({ proxy: false });
  const handlers = endpointHandlers(services);
  const api = apiRouter(services, handlers);
  app.use(clientAddress(services.env.TRUSTED_PROXIES));
  if (!services.env.production) {
    app.use(async (ctx, next) => {
      ctx.set(PROCESS_HEADER, PROCESS_ID);
      await next();
    });
  }
  // The log wraps the error handler, so it records the status the error was mapped to, not Koa's 404.
  app.use(requestLog(services.logger));
  // Outside the error handler, so error answers are compressed too; the ETag is taken of the uncompressed body.
  app.use(compression());
  app.use(errorHandler(services.logger));
  app.use(conditionalGet());
  app.use(securityHeaders({ production: services.env.production, imageOrigin: services.storage.publicOrigin }));
  // JSON, and text for the analytics beacon (sendBeacon sends JSON as text/plain, see routes/analytics);
  // upload routes add their own multipart parser. DELETE too (account deletion sends a password).
  app.use(
    koaBody({
      json: true,
      urlencoded: false,
      text: true,
      textLimit: '64kb',
      multipart: false,
      jsonLimit: '1mb',
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    }),
  );
  // With read replicas only: a browser that just wrote reads the primary for a few seconds.
  const primaryReads = primaryReadsOf(services.sequelize);
  if (primaryReads) app.use(readYourWrites(primaryReads, { production: services.env.production }));
  app.use(authenticate(services));
  app.use(csrfProtection({ production: services.env.production }));
  app.use(api.routes());
  app.use(api.allowedMethods());
  if (services.mediaMiddleware) app.use(services.mediaMiddleware);
  app.use(robotsTxtRoute());
  app.use(webApp(webDistDir, { renderFirstScreen: firstScreenRenderer({ services, handlers }) }));
  return app;
}
