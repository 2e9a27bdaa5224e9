import type { EndpointHandlers } from '../../http/endpoints';
import type { AppServices } from '../../services';

type Status = 'ok' | 'unreachable';

export function healthHandlers(services: AppServices): EndpointHandlers<'health.check'> {
  return {
    'health.check': async ({ ctx }) => {
      const [database, search] = await Promise.all([
        services.sequelize.authenticate({ logging: false }).then((): Status => 'ok', (): Status => 'unreachable'),
        services.search.health(),
      ]);
      ctx.status = database === 'ok' ? 200 : 503;
      return { status: database === 'ok' ? 'ok' : 'degraded', database, search };
    },
  };
}
