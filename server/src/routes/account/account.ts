import Router from '@koa/router';
import { ACCOUNT_EXPORT_PATH, MESSAGES, type MessageResponse } from '@hiraku/shared';
import { verifyPassword } from '../../auth/password';
import { clearSessionCookies } from '../../auth/sessionCookies';
import { deleteAccount } from '../../commands/accountDeleter';
import { exportAccount } from '../../commands/accountExporter';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser } from '../../middlewares/authenticate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { AppServices } from '../../services';
import { deleteAccountSchema } from './schema';

/** Account deletion (at the path the web client has always called, under /profile) and the data export. */
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

  // The privacy policy promises members may view their data: a JSON file of everything we hold.
  router.get(ACCOUNT_EXPORT_PATH.replace(/^\/api/, ''), async (ctx) => {
    const user = requireUser(ctx);
    const data = await exportAccount(services, user);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="hiraku-${user.publicId}.json"`);
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2);
  });

  return router;
}
