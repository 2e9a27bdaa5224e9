import Router from '@koa/router';
import { MESSAGES, signupSchema, type MessageResponse } from '@hiraku/shared';
import { assertAcceptablePassword } from '../../auth/passwordPolicy';
import { resendVerificationMail, verifyEmail } from '../../commands/emailVerification';
import { ownerOfOneTimeToken } from '../../commands/oneTimeTokens';
import { signUpMember } from '../../commands/signUp';
import { conflict, validationError } from '../../errors';
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
    if (!(await verifyEmail(services, token))) {
      // A link opened twice (or the older of two mails) of an address that is verified by now: the member
      // only needs to log in. Only the mail's recipient holds the token, so this tells nobody else anything.
      const ownerId = await ownerOfOneTimeToken(services.models, token, 'verify_email');
      const owner = ownerId === null ? null : await services.models.User.findByPk(ownerId);
      if (owner?.emailVerifiedAt) throw conflict(MESSAGES.auth.verifyAlreadyDone);
      throw validationError(MESSAGES.auth.verifyFailed);
    }
    ctx.body = { message: MESSAGES.auth.verifySucceeded } satisfies MessageResponse;
  });

  router.post('/resend-verification', rateLimit(services, 'resendVerification'), async (ctx) => {
    const { email } = parseInput(resendVerificationSchema, ctx.request.body);
    await resendVerificationMail(services, email);
    ctx.body = { message: MESSAGES.auth.verificationResent } satisfies MessageResponse;
  });

  return router;
}
