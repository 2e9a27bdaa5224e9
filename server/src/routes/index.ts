import Router from '@koa/router';
import { notFound } from '../errors';
import type { AppServices } from '../services';
import { healthRoutes } from './health/health';

/** Every API resource is mounted here under /api; unknown /api paths answer a JSON 404. */
export function apiRouter(services: AppServices): Router {
  const api = new Router({ prefix: '/api' });
  for (const resource of [healthRoutes(services)]) {
    api.use(resource.routes(), resource.allowedMethods());
  }
  api.all('/{*rest}', () => {
    throw notFound();
  });
  return api;
}
