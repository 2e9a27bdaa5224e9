import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/**
 * Open streams across every API process, by group (a member, or an address), so the caps per member and
 * per address hold for the deployment and not for each process (two processes behind a balancer would
 * otherwise let a member or an address hold twice as many). Per group, two sorted sets of stream ids: when each opened (which is the oldest) and when its process
 * last said it is still open (the heartbeat). A stream whose process stopped saying so (killed, cut off)
 * is forgotten after `staleMs`, so a crashed process does not hold its members' places for ever.
 */
/** What a cap counts: a member's id, or `address:<ip>` (addressGroup). */
export type StreamGroup = number | string;

export const addressGroup = (address: string): StreamGroup => `address:${address}`;

export interface StreamRegistry {
  /** A new id for a stream of this process; the process part lets every process tell its own streams. */
  newId(): string;
  /**
   * Counts `streamId` among `group`'s streams and answers the ids, oldest first, that must close so at
   * most `max` remain; they are no longer counted. Fails open: with Redis away, nothing is closed.
   */
  join(group: StreamGroup, streamId: string, openedAt: number, max: number): Promise<string[]>;
  /** The stream ended: no longer counted. */
  leave(group: StreamGroup, streamId: string): Promise<void>;
  /**
   * This process's streams are still open (called at each heartbeat), by group: each counted again if
   * Redis lost it (a restart), in its place by `openedAt`. Answers the groups of which Redis had lost
   * some stream (while it was not counted, the worker may have left its member out: present.ts), or null
   * when Redis could not be reached.
   */
  touch(streams: ReadonlyMap<StreamGroup, readonly { streamId: string; openedAt: number }[]>): Promise<ReadonlySet<StreamGroup> | null>;
  /** Which of the members hold an open stream in some process (ListeningCheck). */
  listening: ListeningCheck;
  close(): Promise<void>;
}

/**
 * Which of `memberIds` hold an open stream anywhere, so the notification worker presents and publishes
 * only theirs (present.ts); null when it cannot tell, and then every member counts as listening: Redis
 * away, or back from a restart before any process counted its streams again (their heartbeat, or the
 * bus's resume: stream.ts). A stream joins before it reads anything, so one that opens after the check
 * reads the notification itself.
 */
export type ListeningCheck = (memberIds: readonly number[]) => Promise<ReadonlySet<number> | null>;

/** How long a count waits for its Redis connection to come back (touch). */
const READY_WAIT_MS = 5_000;

/** Heartbeats a process may miss before its streams are no longer counted (a pause, a slow Redis). */
export const STREAM_STALE_HEARTBEATS = 3;

/**
 * In one script, so two processes admitting streams of one member at once count each other: drops the
 * stale, adds the new stream, pops the oldest beyond the cap.
 * KEYS: opened, seen. ARGV: stream id, now (ms), stale before (ms), max, time to live (ms), opened at (ms).
 */
const JOIN_SCRIPT = `
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[3])
for _, id in ipairs(stale) do
  redis.call('ZREM', KEYS[1], id)
  redis.call('ZREM', KEYS[2], id)
end
redis.call('ZADD', KEYS[1], ARGV[6], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[4])
local closing = {}
if over > 0 then
  closing = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  for _, id in ipairs(closing) do
    redis.call('ZREM', KEYS[1], id)
    redis.call('ZREM', KEYS[2], id)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return closing
`;

export async function createStreamRegistry({ redisUrl, prefix, staleMs, logger }: { redisUrl: string; prefix: string; staleMs: number; logger: Logger }): Promise<StreamRegistry> {
  // No offline queue and one retry, as the rate limiter's: opening a stream must not wait for Redis.
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', (error: unknown) => logger.warn({ err: error }, 'Redis に接続できません（通知ストリームの上限を各プロセスで数えています）'));
  await redis.connect().catch(() => undefined);
  const processId = randomBytes(6).toString('hex');
  let counter = 0;
  const keys = (group: StreamGroup) => [`${prefix}streams:${group}:opened`, `${prefix}streams:${group}:seen`];
  // Kept a while past staleness, so a group's keys go once none of its streams is left.
  const ttlMs = staleMs * 2;
  const countedKey = `${prefix}streams:counted`;

  return {
    newId: () => `${processId}:${(counter += 1)}`,
    async join(group, streamId, openedAt, max) {
      const now = Date.now();
      try {
        const closing = await redis.eval(JOIN_SCRIPT, 2, ...keys(group), streamId, now, now - staleMs, max, ttlMs, openedAt);
        return Array.isArray(closing) ? closing.map(String) : [];
      } catch (error) {
        logger.warn({ err: error }, '通知ストリームの数を確かめられませんでした');
        return [];
      }
    },
    async leave(group, streamId) {
      const [opened, seen] = keys(group) as [string, string];
      await redis
        .multi()
        .zrem(opened, streamId)
        .zrem(seen, streamId)
        .exec()
        .catch(() => undefined);
    },
    async touch(streams) {
      // After a Redis restart the bus may be back before this connection: the streams are counted once it is.
      if (redis.status !== 'ready') await once(redis, 'ready', { signal: AbortSignal.timeout(READY_WAIT_MS) }).catch(() => undefined);
      const now = Date.now();
      // Said by every process at each heartbeat, streams or none: while it stands, the streams of every
      // process are in Redis; a Redis that restarted empty has lost it too (listening).
      const pipeline = redis.pipeline().set(countedKey, String(now), 'PX', ttlMs);
      // A group without streams has nothing to count (and ZADD needs a member).
      const counted = [...streams].filter(([, ids]) => ids.length > 0);
      const groups = counted.map(([group]) => group);
      for (const [group, ids] of counted) {
        const [opened, seen] = keys(group) as [string, string];
        // NX: an open stream Redis forgot (a restart) is counted again in its place, never moved. One popped
        // by another process's join just now is counted again only until the close on its way ends it (leave).
        pipeline.zadd(opened, 'NX', ...ids.flatMap(({ streamId, openedAt }) => [openedAt, streamId]));
        pipeline.zadd(seen, ...ids.flatMap(({ streamId }) => [now, streamId]));
        pipeline.pexpire(opened, ttlMs);
        pipeline.pexpire(seen, ttlMs);
      }
      try {
        const answers = await pipeline.exec();
        const failed = answers?.find(([error]) => error);
        if (!answers || failed) throw failed?.[0] ?? new Error('no answer');
        // Each group's first ZADD (NX) answers how many of its streams Redis did not hold.
        return new Set(groups.filter((_group, index) => Number(answers[1 + index * 4]?.[1]) > 0));
      } catch (error) {
        logger.warn({ err: error }, '通知ストリームの生存を記録できませんでした');
        return null;
      }
    },
    async listening(memberIds) {
      if (memberIds.length === 0) return new Set();
      try {
        const answers = await memberIds.reduce((pipeline, memberId) => pipeline.exists(keys(memberId)[0] as string), redis.pipeline().exists(countedKey)).exec();
        if (!answers) return null;
        const [counted, ...found] = answers;
        if (counted?.[0] || Number(counted?.[1]) === 0) return null;
        const held = new Set<number>();
        found.forEach(([error, exists], index) => {
          if (error) throw error;
          if (Number(exists) > 0) held.add(memberIds[index] as number);
        });
        return held;
      } catch {
        return null;
      }
    },
    async close() {
      // While Redis is unreachable QUIT does not end the client, which would go on reconnecting and
      // hold the process open: it is then cut off.
      await redis.quit().catch(() => undefined);
      if (redis.status !== 'end') redis.disconnect();
    },
  };
}
