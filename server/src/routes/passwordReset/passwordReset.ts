import Router from '@koa/router';
import { MESSAGES, type MessageResponse } from '@hiraku/shared';
import { assertAcceptablePassword } from '../../auth/passwordPolicy';
import { requestPasswordReset, resetPassword } from '../../commands/passwordReset';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { AppServices } from '../../services';
import { forgotPasswordSchema, resetPasswordSchema } from './schema';

export function passwordResetRoutes(services: AppServices): Router {
  const router = new Router({ prefix: '/password-reset' });

  /** Same answer for every address: whether it is registered stays unknown. */
  router.post('/forgot-password', rateLimit(services, 'forgotPassword'), async (ctx) => {
    const { email } = parseInput(forgotPasswordSchema, ctx.request.body);
    await requestPasswordReset(services, email);
    ctx.body = { message: MESSAGES.auth.forgotPasswordSent } satisfies MessageResponse;
  });

  router.post('/reset-password', rateLimit(services, 'resetPassword'), async (ctx) => {
    const { token, newPassword } = parseInput(resetPasswordSchema, ctx.request.body);
    assertAcceptablePassword(newPassword, 'newPassword');
    if (!(await resetPassword(services, token, newPassword))) {
      throw validationError(MESSAGES.auth.resetInvalidToken, { token: MESSAGES.auth.resetInvalidToken });
    }
    ctx.body = { message: MESSAGES.auth.resetSucceeded } satisfies MessageResponse;
  });

  return router;
}
