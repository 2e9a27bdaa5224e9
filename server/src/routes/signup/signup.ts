import Router from '@koa/router';
import { MESSAGES, signupSchema, type MessageResponse } from '@hiraku/shared';
import { assertAcceptablePassword } from '../../auth/passwordPolicy';
import { resendVerificationMail, verifyEmail } from '../../commands/emailVerification';
import { signUpMember } from '../../commands/signUp';
import { validationError } from '../../errors';
import { parseInput } from '../../http/validate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { AppServices } from '../../services';
import { resendVerificationSchema, verifyEmailQuerySchema } from './schema';

/** Sign-up, the verification link, and resending it. None of the answers tells whether an address is registered. */
export function signupRoutes(services: AppServices): Router {
  const router = new Router({ prefix: '/signup' });

  router.post('/', rateLimit(services, 'signup'), async (ctx) => {
    const input = parseInput(signupSchema, ctx.request.body);
    assertAcceptablePassword(input.password, 'password');
    await signUpMember(services, input);
    ctx.status = 201;
    ctx.body = { message: MESSAGES.auth.signupSucceeded } satisfies MessageResponse;
  });

  router.get('/verify-email', async (ctx) => {
    const { token } = parseInput(verifyEmailQuerySchema, ctx.query);
    ctx.set('Cache-Control', 'no-store');
    if (!(await verifyEmail(services, token))) throw validationError(MESSAGES.auth.verifyFailed);
    ctx.body = { message: MESSAGES.auth.verifySucceeded } satisfies MessageResponse;
  });

  router.post('/resend-verification', rateLimit(services, 'resendVerification'), async (ctx) => {
    const { email } = parseInput(resendVerificationSchema, ctx.request.body);
    await resendVerificationMail(services, email);
    ctx.body = { message: MESSAGES.auth.verificationResent } satisfies MessageResponse;
  });

  return router;
}
