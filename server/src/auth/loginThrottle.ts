import { createHash } from 'node:crypto';
import { LIMITS, TIMINGS } from '@hiraku/shared';
import type { Logger } from '../logger';
import type { RateLimiter } from '../rateLimit/rateLimiter';

/**
 * Failed logins are counted per account AND client address, not per account:
 *
 * - Brute force stays slow: one address gets LIMITS.failedLoginsToLock wrong guesses per account, then
 *   that pair is refused for TIMINGS.lockoutSec even with the right password; the per-IP login limit
 *   (rateLimitRules) bounds how many accounts one address may try. Guessing from many addresses gets
 *   no more per address, and every guess pays a full argon2 verification.
 * - Nobody can lock a member out: an attacker's failures count against the attacker's addresses only;
 *   the member, from their own address, logs in as usual. (A global per-account lock handed anyone who
 *   knows an e-mail address a 24-hour denial of service.)
 * - A password reset lifts it at once, even for a member behind the attacker's address (one NAT): the
 *   key carries a digest of the current password hash, so a new password starts new counts.
 * - An unknown address behaves exactly as a known one: its pairs are counted the same way, and the
 *   caller verifies a password hash for every attempt, throttled or not, so neither the answer nor its
 *   timing says whether the address is registered.
 *
 * The counts live in the rate limiter (Redis when REDIS_URL is set, so processes count together).
 * If it is unavailable, logins go on unthrottled rather than locking everyone out; the per-IP limit
 * fails the same way.
 */
export interface LoginThrottle {
  /** Whether this pair has used up its failures. */
  isThrottled(key: string): Promise<boolean>;
  /** Counts a failure; true when this one used up the pair's allowance. */
  recordFailure(key: string): Promise<boolean>;
  /** The right password came while not throttled: the count starts again ("failures in a row"). */
  clear(key: string): Promise<void>;
}

export function loginThrottleKey(email: string, clientAddress: string, passwordHash: string | null): string {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 22);
  return `loginFailures:${digest(email.toLowerCase())}:${digest(passwordHash ?? 'no-account')}:${clientAddress}`;
}

export function createLoginThrottle(deps: { rateLimiter: RateLimiter; logger: Logger }): LoginThrottle {
  const limit = LIMITS.failedLoginsToLock;
  const unavailable = <T>(fallback: T) => (error: unknown): T => {
    deps.logger.warn({ err: error }, 'login throttle unavailable; attempt not counted');
    return fallback;
  };
  return {
    isThrottled: (key) => deps.rateLimiter.isOver(key, limit).catch(unavailable(false)),
    recordFailure: (key) =>
      deps.rateLimiter
        .hit(key, limit, TIMINGS.lockoutSec)
        .then(() => deps.rateLimiter.isOver(key, limit))
        .catch(unavailable(false)),
    clear: (key) => deps.rateLimiter.reset(key).catch(unavailable(undefined)),
  };
}

/**
 * Issue 35: wrong second-factor codes counted per account, whatever the address (a challenge cookie
 * carried from address to address used to get LIMITS.failedLoginsToLock guesses at each). Reaching the
 * password step already took the password, so locking the code step harms only whoever holds it; the
 * member is mailed at the first wrong code of a window and when it locks. The right code clears it.
 */
export interface CodeThrottle {
  isLocked(userId: number): Promise<boolean>;
  /** Counts a wrong code: `first` of its window (mail the member), `locked` when it used up the allowance. */
  recordWrongCode(userId: number): Promise<{ first: boolean; locked: boolean }>;
  clear(userId: number): Promise<void>;
}

export function createCodeThrottle(deps: { rateLimiter: RateLimiter; logger: Logger }): CodeThrottle {
  const limit = LIMITS.wrongCodesToLock;
  const key = (userId: number) => `wrongCodes:${userId}`;
  const unavailable = <T>(fallback: T) => (error: unknown): T => {
    deps.logger.warn({ err: error }, 'code throttle unavailable; attempt not counted');
    return fallback;
  };
  return {
    isLocked: (userId) => deps.rateLimiter.isOver(key(userId), limit).catch(unavailable(false)),
    recordWrongCode: async (userId) => {
      try {
        const first = !(await deps.rateLimiter.isOver(key(userId), 1));
        await deps.rateLimiter.hit(key(userId), limit, TIMINGS.wrongCodesWindowSec);
        return { first, locked: await deps.rateLimiter.isOver(key(userId), limit) };
      } catch (error) {
        return unavailable({ first: false, locked: false })(error);
      }
    },
    clear: (userId) => deps.rateLimiter.reset(key(userId)).catch(unavailable(undefined)),
  };
}
