import Router from '@koa/router';
import { MESSAGES, type MessageResponse } from '@hiraku/shared';
import { requireUser } from '../../middlewares/authenticate';
import type { AppServices } from '../../services';

export function tutorialRoutes(services: AppServices): Router {
  const router = new Router({ prefix: '/tutorial' });

  router.post('/complete', async (ctx) => {
    const user = requireUser(ctx);
    await services.models.User.update({ tutorialPending: false }, { where: { id: user.id } });
    ctx.body = { message: MESSAGES.auth.tutorialCompleted } satisfies MessageResponse;
  });

  return router;
}
