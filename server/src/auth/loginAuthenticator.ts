import koaPassport from 'koa-passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Sequelize } from 'sequelize';
import type { Models } from '../models';
import type { Logger } from '../logger';
import type { RateLimiter } from '../rateLimit/rateLimiter';
import { checkCredentials } from './credentials';
import { createLoginThrottle } from './loginThrottle';

/**
 * A passport instance of its own per app (not the global singleton), with the e-mail/password strategy.
 * A refusal carries its reason as the info message, for the route to turn into the right answer.
 */
export function createLoginAuthenticator(deps: {
  models: Models;
  sequelize: Sequelize;
  rateLimiter: RateLimiter;
  logger: Logger;
}): InstanceType<typeof koaPassport.KoaPassport> {
  const passport = new koaPassport.KoaPassport();
  const throttle = createLoginThrottle(deps);
  passport.use(
    'local',
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false, passReqToCallback: true }, (req, email, password, done) => {
      // koa-passport's request stands for ctx.request: its ip is the one clientAddress resolved.
      const clientAddress = String((req as { ip?: unknown }).ip ?? '');
      checkCredentials({ ...deps, throttle }, { email, password, clientAddress }).then(
        (outcome) => (outcome.ok ? done(null, outcome.user) : done(null, false, { message: outcome.reason })),
        (error: unknown) => done(error),
      );
    }),
  );
  return passport;
}
