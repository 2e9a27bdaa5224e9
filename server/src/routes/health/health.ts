import Router from '@koa/router';
import type { AppServices } from '../../services';

type Status = 'ok' | 'unreachable';

/** Load balancers and `npm start` users check this: 200 while the database answers, 503 otherwise. */
export function healthRoutes(services: AppServices): Router {
  const router = new Router();
  router.get('/health', async (ctx) => {
    const [database, searchStatus] = await Promise.all([
      services.sequelize.authenticate({ logging: false }).then((): Status => 'ok', (): Status => 'unreachable'),
      services.search.health(),
    ]);
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: database === 'ok' ? 'ok' : 'degraded', database, search: searchStatus };
  });
  return router;
}
