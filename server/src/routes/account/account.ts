import Router from '@koa/router';
import { MESSAGES, type MessageResponse } from '@hiraku/shared';
import { verifyPassword } from '../../auth/password';
import { clearSessionCookies } from '../../auth/sessionCookies';
import { deleteAccount } from '../../commands/accountDeleter';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser } from '../../middlewares/authenticate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { AppServices } from '../../services';
import { deleteAccountSchema } from './schema';

/** Account deletion, at the path the web client has always called (under /profile). */
export function accountRoutes(services: AppServices): Router {
  const router = new Router();

  router.delete('/profile/deleteAccount', rateLimit(services, 'deleteAccount'), async (ctx) => {
    const user = requireUser(ctx);
    const { password } = parseInput(deleteAccountSchema, ctx.request.body);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw validationError(MESSAGES.auth.wrongPassword, { password: MESSAGES.auth.wrongPassword });
    }
    await deleteAccount(services, user.id);
    clearSessionCookies(ctx, { production: services.env.production });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: MESSAGES.auth.deleteSucceeded } satisfies MessageResponse;
  });

  return router;
}
