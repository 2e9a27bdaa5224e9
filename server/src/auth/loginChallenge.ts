import { createHash, createHmac } from 'node:crypto';
import { LOGIN_CHALLENGE_COOKIE, TIMINGS } from '@hiraku/shared';
import type { Context } from 'koa';
import { safeEqual } from './secretTokens';

/**
 * Between the two steps of a login: proof that the password was right, in an HttpOnly cookie signed with
 * the session key, that lives TIMINGS.loginChallengeTtlSec. It is not a session: it opens nothing but the
 * code step, for this member only, and only while the password is unchanged (it carries a digest of the
 * hash, so a password reset voids it).
 */
interface ChallengeClaims {
  userId: number;
  passwordDigest: string;
  exp: number;
}

const PURPOSE = 'login-challenge\u0000';
const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(PURPOSE + payload).digest('base64url');
const digest = (passwordHash: string) => createHash('sha256').update(passwordHash, 'utf8').digest('base64url').slice(0, 22);
const COOKIE_PATH = '/api/auth/login';

export function setLoginChallenge(ctx: Context, key: Buffer, user: { id: number; passwordHash: string }, production: boolean, now = new Date()): void {
  const exp = Math.floor(now.getTime() / 1000) + TIMINGS.loginChallengeTtlSec;
  const payload = Buffer.from(JSON.stringify({ userId: user.id, passwordDigest: digest(user.passwordHash), exp })).toString('base64url');
  if (production) ctx.cookies.secure = true;
  ctx.cookies.set(LOGIN_CHALLENGE_COOKIE, `${payload}.${sign(key, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: production,
    overwrite: true,
    path: COOKIE_PATH,
    expires: new Date(exp * 1000),
  });
}

export function clearLoginChallenge(ctx: Context, production: boolean): void {
  // As when setting it (and as auth/sessionCookies.ts does): over plain HTTP behind a proxy not yet in
  // TRUSTED_PROXIES, the cookies library would otherwise throw on a Secure cookie and the code step
  // answered 500. The browser decides whether it keeps a Secure cookie.
  if (production) ctx.cookies.secure = true;
  ctx.cookies.set(LOGIN_CHALLENGE_COOKIE, '', { httpOnly: true, sameSite: 'strict', secure: production, overwrite: true, path: COOKIE_PATH });
}

/** The member whose password was right, or null: no cookie, a forged or expired one. */
export function readLoginChallenge(ctx: Context, key: Buffer, now = new Date()): ChallengeClaims | null {
  const token = ctx.cookies.get(LOGIN_CHALLENGE_COOKIE);
  if (!token) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(key, payload))) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { userId, passwordDigest, exp } = claims as Record<string, unknown>;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || typeof passwordDigest !== 'string' || typeof exp !== 'number') return null;
  if (exp <= Math.floor(now.getTime() / 1000)) return null;
  return { userId, passwordDigest, exp };
}

/** Whether the challenge was made for the password the member has now. */
export function challengeMatchesPassword(claims: ChallengeClaims, passwordHash: string): boolean {
  return safeEqual(claims.passwordDigest, digest(passwordHash));
}
