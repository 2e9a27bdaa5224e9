import type { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  retryAfterSec: number;
}

/** Counts hits per key in fixed windows. Redis-backed when several server processes share the limits. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSec: number): Promise<RateDecision>;
  /** Whether `key` is over `limit` in its current window, without counting a hit. */
  isOver(key: string, limit: number): Promise<boolean>;
  /** Forgets the hits of `key` (e.g. failed logins, once the right password came). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSec) {
      const t = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= t) {
        entry = { count: 0, resetAt: t + windowSec * 1000 };
        windows.set(key, entry);
        // Drop expired windows now and then so memory stays bounded by the active keys.
        if (windows.size > 10_000) for (const [k, e] of windows) if (e.resetAt <= t) windows.delete(k);
      }
      entry.count += 1;
      return { allowed: entry.count <= limit, retryAfterSec: Math.max(1, Math.ceil((entry.resetAt - t) / 1000)) };
    },
    async isOver(key, limit) {
      const entry = windows.get(key);
      return entry !== undefined && entry.resetAt > now() && entry.count >= limit;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, limit, windowSec) {
      const redisKey = `${prefix}${key}`;
      // INCR and the first EXPIRE in one round trip; PTTL tells the client when to come back.
      const results = await redis.multi().incr(redisKey).expire(redisKey, windowSec, 'NX').pttl(redisKey).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttlMs = Number(results?.[2]?.[1] ?? windowSec * 1000);
      return { allowed: count <= limit, retryAfterSec: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async isOver(key, limit) {
      return Number((await redis.get(`${prefix}${key}`)) ?? 0) >= limit;
    },
    async reset(key) {
      await redis.del(`${prefix}${key}`);
    },
    async close() {
      await redis.quit();
    },
  };
}
