import Router from '@koa/router';
import { loginSchema, MESSAGES, type LoginResponse, type MessageResponse, type SessionUser } from '@hiraku/shared';
import { createLoginAuthenticator } from '../../auth/loginAuthenticator';
import { clearSessionCookies, readAccessCookie, readRefreshCookie, setSessionCookies } from '../../auth/sessionCookies';
import { endSession, rotateSession, startSession } from '../../auth/sessions';
import { AppError } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser } from '../../middlewares/authenticate';
import { rateLimit } from '../../middlewares/rateLimit';
import type { User } from '../../models';
import { presentSessionUser } from '../../presenters/user';
import type { AppServices } from '../../services';
import { isLoginRefusal, loginRefusal } from './loginRefusals';

/** Login, logout, token refresh and the session check. Answers are never cached. */
export function authRoutes(services: AppServices): Router {
  const router = new Router({ prefix: '/auth' });
  const passport = createLoginAuthenticator(services);
  const cookieOptions = { production: services.env.production };

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.post('/login', rateLimit(services, 'login'), async (ctx, next) => {
    // Validated and lower-cased before passport-local reads it.
    ctx.request.body = parseInput(loginSchema, ctx.request.body);
    const respond = async (error: unknown, user: User | false, info?: { message?: unknown }) => {
      if (error) throw error;
      if (!user) throw loginRefusal(isLoginRefusal(info?.message) ? info.message : 'invalid');
      setSessionCookies(ctx, await startSession(services, user), cookieOptions);
      ctx.body = { ...presentSessionUser(user), message: MESSAGES.auth.loginSucceeded } satisfies LoginResponse;
    };
    await passport.authenticate('local', { session: false }, respond)(ctx, next);
  });

  router.post('/logout', async (ctx) => {
    await endSession(services, { accessToken: readAccessCookie(ctx), refreshToken: readRefreshCookie(ctx) });
    clearSessionCookies(ctx, cookieOptions);
    ctx.body = { message: MESSAGES.auth.logoutSucceeded } satisfies MessageResponse;
  });

  router.post('/refresh', async (ctx) => {
    const result = await rotateSession(services, readRefreshCookie(ctx));
    if (!result.ok) {
      clearSessionCookies(ctx, cookieOptions);
      if (result.reason === 'suspended') throw loginRefusal('suspended');
      throw new AppError(401, 'authentication_required', MESSAGES.auth.sessionInvalid);
    }
    setSessionCookies(ctx, result.session, cookieOptions);
    ctx.body = presentSessionUser(result.user) satisfies SessionUser;
  });

  router.get('/me', (ctx) => {
    ctx.body = presentSessionUser(requireUser(ctx)) satisfies SessionUser;
  });

  return router;
}
