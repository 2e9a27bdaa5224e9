import { TEXTS, type LoginResponse } from '@hiraku/shared';
import type { Context } from 'koa';
import { challengeMatchesPassword, clearLoginChallenge, readLoginChallenge, setLoginChallenge } from '../../auth/loginChallenge';
import { createLoginAuthenticator } from '../../auth/loginAuthenticator';
import { createLoginThrottle, loginThrottleKey } from '../../auth/loginThrottle';
import { clearSessionCookies, readAccessCookie, readRefreshCookie, setSessionCookies } from '../../auth/sessionCookies';
import { endSession, rotateSession, startSession } from '../../auth/sessions';
import { recordDisclosure } from '../../commands/disclosureRecords';
import { requestSource } from '../../middlewares/clientAddress';
import { deviceName, readUserAgent } from '../../auth/userAgent';
import { enqueueMail } from '../../commands/mailOutbox';
import { verifySecondFactor } from '../../commands/twoFactor';
import { writeTransaction } from '../../db/transaction';
import { AppError, validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { newSignInMail } from '../../mail/templates';
import type { User } from '../../models';
import { presentSessionUser } from '../../presenters/user';
import type { AppServices } from '../../services';
import { isLoginRefusal, loginRefusal } from './loginRefusals';

/** Login (password, then the code when two-factor sign-in is on), logout, token refresh and the session check. */
export function authHandlers(services: AppServices): EndpointHandlers<KeysOf<'auth'>> {
  const passport = createLoginAuthenticator(services);
  const throttle = createLoginThrottle(services);
  const production = services.env.production;
  const cookieOptions = { production };

  /** The session, and a mail to the member when this browser is new to their account. */
  async function signIn(ctx: Context, user: User): Promise<LoginResponse> {
    const now = new Date();
    const userAgent = ctx.get('User-Agent');
    const session = await startSession(services, user, now, { userAgent });
    // Issue 38: a sign-in is a disclosure record (a request names the login that preceded a post).
    await writeTransaction(services.sequelize, (transaction) =>
      recordDisclosure(services.models, { kind: 'signin', targetId: user.id, member: user, source: requestSource(ctx), now }, { transaction }),
    );
    if (session.unseenBrowser) {
      const mail = newSignInMail({ to: user.email, device: deviceName(readUserAgent(userAgent)), at: now, publicUrl: services.env.publicUrl });
      await writeTransaction(services.sequelize, (transaction) => enqueueMail(services.models, 'newSignIn', mail, { transaction }));
    }
    setSessionCookies(ctx, session, cookieOptions);
    return { ...presentSessionUser(user), message: TEXTS.account.loginSucceeded };
  }

  const challengeExpired = () => new AppError(401, 'authentication_required', TEXTS.security.challengeExpired);

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
      const user = signedIn as User | null;
      if (!user) throw loginRefusal('invalid');
      if (user.totpEnabledAt) {
        // Not a session: a signed "password ok" that only the code step accepts (auth/loginChallenge.ts).
        setLoginChallenge(ctx, services.sessionKey, user, production);
        return { twoFactorRequired: true as const, message: TEXTS.security.codeRequired };
      }
      return signIn(ctx, user);
    },

    'auth.loginCode': async ({ ctx, body }) => {
      const claims = readLoginChallenge(ctx, services.sessionKey);
      if (!claims) throw challengeExpired();
      const user = await services.models.User.findByPk(claims.userId);
      if (!user || !user.totpEnabledAt || !challengeMatchesPassword(claims, user.passwordHash)) {
        clearLoginChallenge(ctx, production);
        throw challengeExpired();
      }
      // Wrong codes count with wrong passwords, per account and address: five in a row lock (loginThrottle.ts).
      const key = loginThrottleKey(user.email, ctx.ip, user.passwordHash);
      if (await throttle.isThrottled(key)) {
        clearLoginChallenge(ctx, production);
        throw loginRefusal('locked');
      }
      if (user.suspendedAt) {
        clearLoginChallenge(ctx, production);
        throw loginRefusal('suspended');
      }
      if (!(await verifySecondFactor(services, user, body.code))) {
        if (await throttle.recordFailure(key)) {
          clearLoginChallenge(ctx, production);
          throw loginRefusal('locked');
        }
        throw validationError(TEXTS.security.codeInvalid, { code: TEXTS.security.codeInvalid });
      }
      await throttle.clear(key);
      clearLoginChallenge(ctx, production);
      return signIn(ctx, user);
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
