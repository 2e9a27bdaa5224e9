import koaPassport from 'koa-passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Sequelize } from 'sequelize';
import type { Models } from '../models';
import { checkCredentials } from './credentials';

/**
 * A passport instance of its own per app (not the global singleton), with the e-mail/password strategy.
 * A refusal carries its reason as the info message, for the route to turn into the right answer.
 */
export function createLoginAuthenticator(deps: { models: Models; sequelize: Sequelize }): InstanceType<typeof koaPassport.KoaPassport> {
  const passport = new koaPassport.KoaPassport();
  passport.use(
    'local',
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false }, (email, password, done) => {
      checkCredentials(deps, email, password).then(
        (outcome) => (outcome.ok ? done(null, outcome.user) : done(null, false, { message: outcome.reason })),
        (error: unknown) => done(error),
      );
    }),
  );
  return passport;
}
