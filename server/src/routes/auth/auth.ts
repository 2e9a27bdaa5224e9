import { TEXTS } from '@hiraku/shared';
import { createLoginAuthenticator } from '../../auth/loginAuthenticator';
import { clearSessionCookies, readAccessCookie, readRefreshCookie, setSessionCookies } from '../../auth/sessionCookies';
import { endSession, rotateSession, startSession } from '../../auth/sessions';
import { AppError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { User } from '../../models';
import { presentSessionUser } from '../../presenters/user';
import type { AppServices } from '../../services';
import { isLoginRefusal, loginRefusal } from './loginRefusals';

/** Login, logout, token refresh and the session check. */
export function authHandlers(services: AppServices): EndpointHandlers<KeysOf<'auth'>> {
  const passport = createLoginAuthenticator(services);
  const cookieOptions = { production: services.env.production };
  return {
    'auth.login': async ({ ctx, body }) => {
      // passport-local reads the validated, lower-cased input from the request.
      ctx.request.body = body;
      let signedIn: User | null = null;
      const settle = async (error: unknown, user: User | false, info?: { message?: unknown }) => {
        if (error) throw error;
        if (!user) throw loginRefusal(isLoginRefusal(info?.message) ? info.message : 'invalid');
        signedIn = user;
      };
      await passport.authenticate('local', { session: false }, settle)(ctx, async () => undefined);
      const user: User | null = signedIn;
      if (!user) throw loginRefusal('invalid');
      setSessionCookies(ctx, await startSession(services, user), cookieOptions);
      return { ...presentSessionUser(user), message: TEXTS.account.loginSucceeded };
    },

    'auth.logout': async ({ ctx }) => {
      await endSession(services, { accessToken: readAccessCookie(ctx), refreshToken: readRefreshCookie(ctx) });
      clearSessionCookies(ctx, cookieOptions);
      return { message: TEXTS.account.logoutSucceeded };
    },

    'auth.refresh': async ({ ctx }) => {
      const result = await rotateSession(services, readRefreshCookie(ctx));
      if (!result.ok) {
        clearSessionCookies(ctx, cookieOptions);
        if (result.reason === 'suspended') throw loginRefusal('suspended');
        throw new AppError(401, 'authentication_required', TEXTS.account.sessionInvalid);
      }
      setSessionCookies(ctx, result.session, cookieOptions);
      return presentSessionUser(result.user);
    },

    'auth.me': ({ user }) => presentSessionUser(user),
  };
}
