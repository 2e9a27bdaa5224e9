import { isOperatorRole, TEXTS } from '@hiraku/shared';
import { challengeMatchesPassword, clearLoginChallenge, readLoginChallenge, setLoginChallenge } from '../../auth/loginChallenge';
import { createLoginAuthenticator } from '../../auth/loginAuthenticator';
import { createCodeThrottle, createLoginThrottle, loginThrottleKey } from '../../auth/loginThrottle';
import { clearSessionCookies, readAccessCookie, readRefreshCookie, setSessionCookies } from '../../auth/sessionCookies';
import { hasPasskey, hasSecondFactor } from '../../auth/secondFactor';
import { endSession, rotateSession } from '../../auth/sessions';
import { enqueueMail } from '../../commands/mailOutbox';
import { verifySecondFactor } from '../../commands/twoFactor';
import { writeTransaction } from '../../db/transaction';
import { AppError, validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { secondStepFailedMail } from '../../mail/templates';
import type { User } from '../../models';
import { presentSessionUser } from '../../presenters/user';
import type { AppServices } from '../../services';
import { isLoginRefusal, loginRefusal } from './loginRefusals';
import { createSignIn } from './signIn';

/** Login (password, then the code when two-factor sign-in is on), logout, token refresh and the session check. */
export function authHandlers(services: AppServices): EndpointHandlers<Exclude<KeysOf<'auth'>, 'auth.passkeyOptions' | 'auth.passkey'>> {
  const passport = createLoginAuthenticator(services);
  const throttle = createLoginThrottle(services);
  const codeThrottle = createCodeThrottle(services);
  const production = services.env.production;
  const cookieOptions = { production };

  const signIn = createSignIn(services);

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
      // An operator's passkey is their second factor: their password alone then opens nothing.
      const passkey = Boolean(user.totpEnabledAt || isOperatorRole(user.role)) && (await hasPasskey(services.models, user.id));
      if (user.totpEnabledAt || passkey) {
        // Not a session: a signed "password ok" that only the code step accepts (auth/loginChallenge.ts).
        // With a passkey, the second step is a passkey sign-in (auth.passkey), which alone signs in.
        if (user.totpEnabledAt) setLoginChallenge(ctx, services.sessionKey, user, production);
        const message = user.totpEnabledAt ? TEXTS.security.codeRequired : TEXTS.passkeys.secondStepRequired;
        return { twoFactorRequired: true as const, message, methods: { code: Boolean(user.totpEnabledAt), passkey } };
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
      // And per account across addresses: LIMITS.wrongCodesToLock in TIMINGS.wrongCodesWindowSec.
      if ((await throttle.isThrottled(key)) || (await codeThrottle.isLocked(user.id))) {
        clearLoginChallenge(ctx, production);
        throw loginRefusal('locked');
      }
      if (user.suspendedAt) {
        clearLoginChallenge(ctx, production);
        throw loginRefusal('suspended');
      }
      if (!(await verifySecondFactor(services, user, body.code))) {
        const pairLocked = await throttle.recordFailure(key);
        const account = await codeThrottle.recordWrongCode(user.id);
        if (account.first || account.locked) {
          const mail = secondStepFailedMail({ to: user.email, at: new Date(), locked: account.locked, publicUrl: services.env.publicUrl });
          await writeTransaction(services.sequelize, (transaction) => enqueueMail(services.models, account.locked ? 'codesLocked' : 'secondStepFailed', mail, { transaction }));
        }
        if (pairLocked || account.locked) {
          clearLoginChallenge(ctx, production);
          throw loginRefusal('locked');
        }
        throw validationError(TEXTS.security.codeInvalid, { code: TEXTS.security.codeInvalid });
      }
      await throttle.clear(key);
      await codeThrottle.clear(user.id);
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
      return presentSessionUser(result.user, await hasSecondFactor(services.models, result.user));
    },

    'auth.me': async ({ user }) => presentSessionUser(user, await hasSecondFactor(services.models, user)),
  };
}
