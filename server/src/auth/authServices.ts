import { Redis } from 'ioredis';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../rateLimit/rateLimiter';
import { loadSessionKey } from './sessionKey';

export interface AuthServices {
  sessionKey: Buffer;
  rateLimiter: RateLimiter;
  rateLimitFactor: number;
}

/** What sessions and rate limits need, built once at start-up; `close` releases the Redis connection. */
export async function createAuthServices(env: Env, logger: Logger): Promise<AuthServices & { close(): Promise<void> }> {
  const sessionKey = await loadSessionKey({ secret: env.SESSION_SECRET, dataDir: env.dataDir });
  let rateLimiter: RateLimiter;
  if (env.REDIS_URL) {
    // No offline queue and one retry: a request must not hang while Redis is away (the limiter then lets it through).
    const redis = new Redis(env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', (error: unknown) => logger.warn({ err: error }, 'Redis に接続できません（レート制限を一時的に緩めています）'));
    await redis.connect().catch(() => undefined);
    rateLimiter = createRedisRateLimiter(redis, `${env.REDIS_KEY_PREFIX}rl:`);
  } else {
    rateLimiter = createMemoryRateLimiter();
  }
  return { sessionKey, rateLimiter, rateLimitFactor: env.RATE_LIMIT_FACTOR, close: () => rateLimiter.close().catch(() => undefined) };
}
