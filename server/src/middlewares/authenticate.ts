import type { Context, Middleware } from 'koa';
import { userFromAccessToken, type SessionDeps, type SessionMember } from '../auth/sessions';
import { readAccessCookie } from '../auth/sessionCookies';
import { isOperatorRole } from '@hiraku/shared';
import { authenticationRequired, authorizationError } from '../errors';

/**
 * Puts the member of the access-token cookie (or null) on `ctx.state.user` for every API request.
 * The endpoint map's access check (server/src/http/endpoints.ts) reads it; so do `requireUser` / `requireOperator`.
 */
export function authenticate(deps: SessionDeps): Middleware {
  return async (ctx, next) => {
    ctx.state.user = ctx.path.startsWith('/api/') ? await userFromAccessToken(deps, readAccessCookie(ctx)) : null;
    await next();
  };
}

export function currentUser(ctx: Context): SessionMember | null {
  return (ctx.state.user as SessionMember | null | undefined) ?? null;
}

/** The signed-in member, or a 401 that makes the client refresh its session and retry. */
export function requireUser(ctx: Context): SessionMember {
  const user = currentUser(ctx);
  if (!user) throw authenticationRequired();
  return user;
}

export function requireOperator(ctx: Context): SessionMember {
  const user = requireUser(ctx);
  if (!isOperatorRole(user.role)) throw authorizationError();
  return user;
}

/**
 * For a router outside the endpoint map (which enforces access itself, from each endpoint's declaration).
 */
export const operatorOnly: Middleware = async (ctx, next) => {
  requireOperator(ctx);
  await next();
};
