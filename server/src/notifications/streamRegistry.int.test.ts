import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createLogger } from '../logger';
import { createStreamRegistry, type StreamRegistry } from './streamRegistry';

/**
 * The count of a member's streams across processes (streamRegistry.ts), on the shared Redis under a
 * prefix of the test's own: two registries stand for two API processes.
 */
describe('the stream registry', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `hiraku_test_streamreg_${process.pid}_${randomBytes(4).toString('hex')}:`;
  const staleMs = 60_000;
  const registries: StreamRegistry[] = [];
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await Promise.all(registries.map((registry) => registry.close()));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const registry = async () => {
    const made = await createStreamRegistry({ redisUrl, prefix, staleMs, logger: createLogger('silent') });
    registries.push(made);
    return made;
  };
  const counted = (userId: number) => redis.zrange(`${prefix}streams:${userId}:opened`, '0', '-1');

  it('pops the oldest past the cap, whichever process opened it, and forgets one that ended', async () => {
    const [a, b] = [await registry(), await registry()];
    const ids = [a.newId(), a.newId(), b.newId()];
    expect(new Set(ids).size).toBe(3);
    expect(await a.join(1, ids[0]!, 1_000, 2)).toEqual([]);
    expect(await a.join(1, ids[1]!, 2_000, 2)).toEqual([]);
    expect(await b.join(1, ids[2]!, 3_000, 2)).toEqual([ids[0]]);
    expect(await counted(1)).toEqual([ids[1], ids[2]]);
    // Another member's streams are theirs.
    expect(await b.join(2, b.newId(), 4_000, 2)).toEqual([]);

    await a.leave(1, ids[1]!);
    expect(await counted(1)).toEqual([ids[2]]);
    expect(await a.join(1, a.newId(), 5_000, 2)).toEqual([]);
  });

  it('forgets the streams of a process that stopped saying they are open, and counts again in their place those Redis lost', async () => {
    const [a, b] = [await registry(), await registry()];
    const gone = a.newId();
    await a.join(3, gone, 1_000, 2);
    // Its process last said so longer ago than staleMs.
    await redis.zadd(`${prefix}streams:3:seen`, Date.now() - staleMs - 1, gone);
    const kept = b.newId();
    expect(await b.join(3, kept, 2_000, 2)).toEqual([]);
    expect(await counted(3)).toEqual([kept]);

    // Redis lost the member's keys (a restart): the heartbeat counts the open stream again, at its opening time.
    await redis.del(`${prefix}streams:3:opened`, `${prefix}streams:3:seen`);
    // It says whose streams it had lost (the worker may have left them out: stream.ts reads back), once.
    expect(await b.touch(new Map([[3, [{ streamId: kept, openedAt: 2_000 }]], [4, []]]))).toEqual(new Set([3]));
    expect(await b.touch(new Map([[3, [{ streamId: kept, openedAt: 2_000 }]]]))).toEqual(new Set());
    const newer = a.newId();
    await a.join(3, newer, 9_000, 2);
    expect(await counted(3)).toEqual([kept, newer]);
    expect(await a.join(3, a.newId(), 10_000, 2)).toEqual([kept]);
  });

  it('says which members hold a stream in any process, and nothing it cannot know when Redis is away', async () => {
    const [a, b] = [await registry(), await registry()];
    const [first, second] = [a.newId(), b.newId()];
    await a.join(21, first, 1_000, 5);
    await b.join(22, second, 2_000, 5);
    // Until a process has said at its heartbeat that its streams are counted (a Redis just restarted
    // empty looks the same), it cannot tell.
    await redis.del(`${prefix}streams:counted`);
    expect(await a.listening([21, 22, 23])).toBeNull();
    await a.touch(new Map());
    expect(await a.listening([21, 22, 23])).toEqual(new Set([21, 22]));
    await b.leave(22, second);
    expect(await b.listening([21, 22, 23])).toEqual(new Set([21]));
    expect(await a.listening([])).toEqual(new Set());

    // Its connection gone (as with Redis away): every member is told (present.ts), none left out on a guess.
    await b.close();
    expect(await b.listening([21])).toBeNull();
  });
});
