import type { Context, Middleware } from 'koa';
import { userFromAccessToken, type SessionDeps } from '../auth/sessions';
import { readAccessCookie } from '../auth/sessionCookies';
import { authenticationRequired, authorizationError } from '../errors';
import type { User } from '../models';

/**
 * Puts the member of the access-token cookie (or null) on `ctx.state.user` for every API request.
 * Routes then say what they need with `requireUser` / `requireOperator`.
 */
export function authenticate(deps: SessionDeps): Middleware {
  return async (ctx, next) => {
    ctx.state.user = ctx.path.startsWith('/api/') ? await userFromAccessToken(deps, readAccessCookie(ctx)) : null;
    await next();
  };
}

export function currentUser(ctx: Context): User | null {
  return (ctx.state.user as User | null | undefined) ?? null;
}

/** The signed-in member, or a 401 that makes the client refresh its session and retry. */
export function requireUser(ctx: Context): User {
  const user = currentUser(ctx);
  if (!user) throw authenticationRequired();
  return user;
}

export function requireOperator(ctx: Context): User {
  const user = requireUser(ctx);
  if (user.role !== 'operator') throw authorizationError();
  return user;
}

/** Middleware forms, for a router or a single route: `router.post('/x', signedIn, handler)`. */
export const signedIn: Middleware = async (ctx, next) => {
  requireUser(ctx);
  await next();
};

export const operatorOnly: Middleware = async (ctx, next) => {
  requireOperator(ctx);
  await next();
};
