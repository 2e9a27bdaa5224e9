import { LRUCache } from 'lru-cache';

/**
 * One in-process memory of the server, on lru-cache: each has a name (logs, hit rates), a
 * time to live, a most-entries bound (the least recently used goes first), and shares a load in flight:
 * members who ask for the same key at once cost one load (lru-cache's fetchMethod).
 *
 * What is kept is dropped by what changed (cache/appCaches.ts), not by a clock alone: `delete` and
 * `clear` also stop a load under way from being kept, so an answer read before a write's commit is
 * handed to the callers already waiting for it but never to a later one. A failed load is not kept.
 */
export interface NamedCacheOptions {
  name: string;
  ttlMs: number;
  max: number;
  /** false: nothing is kept, every ask loads (HIRAKU_CACHES=off, for a benchmark without caches). */
  enabled?: boolean;
  /** The clock of the time to live (tests move it). */
  now?: () => number;
}

export interface NamedCacheStats {
  name: string;
  /** Asks answered from memory, or by joining a load already under way. */
  hits: number;
  /** Asks that started a load. */
  misses: number;
  size: number;
}

export interface NamedCache<V> {
  readonly name: string;
  /** The kept value of `key`, else the one `load` gives (shared with every ask of `key` while it runs). */
  get(key: string, load: () => Promise<V>): Promise<V>;
  has(key: string): boolean;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
  stats(): NamedCacheStats;
}

/** lru-cache keeps objects only: a value of any kind travels in a box. */
interface Box<V> {
  value: V;
}

export function createNamedCache<V>({ name, ttlMs, max, enabled = true, now }: NamedCacheOptions): NamedCache<V> {
  let hits = 0;
  let misses = 0;
  if (!enabled || ttlMs <= 0 || max <= 0) {
    return {
      name,
      get: (_key, load) => {
        misses += 1;
        return load();
      },
      has: () => false,
      delete: () => undefined,
      clear: () => undefined,
      size: 0,
      stats: () => ({ name, hits, misses, size: 0 }),
    };
  }
  const lru = new LRUCache<string, Box<V>, () => Promise<V>>({
    max,
    // lru-cache serves an entry while its age is at most `ttl`; ours lives less than `ttlMs` (an answer
    // read at t is not served at t + ttlMs), which with a clock of whole milliseconds is at most ttlMs - 1.
    ttl: Math.max(1, ttlMs - 1),
    // A load aborted by delete/clear still answers the asks waiting on it, but is not kept (see above).
    ignoreFetchAbort: true,
    // Read the clock on every ask (its default caches it for 1 ms): an entry is never served past its time.
    ttlResolution: 0,
    // lru-cache takes a start time of 0 for "never set": a test clock starting at 0 is moved past it.
    ...(now ? { perf: { now: () => now() + 1 } } : {}),
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
  });
  return {
    name,
    async get(key, load) {
      const status: LRUCache.Status<string, Box<V>, () => Promise<V>> = {};
      const boxed = await lru.fetch(key, { context: load, status });
      if (status.fetch === 'hit' || status.fetch === 'inflight') hits += 1;
      else misses += 1;
      // fetchMethod always gives a box; undefined only if it did not (never), so the load's promise is what ran.
      if (!boxed) throw new Error(`cache ${name}: no value for ${key}`);
      return boxed.value;
    },
    has: (key) => lru.has(key),
    delete: (key) => {
      lru.delete(key);
    },
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
    stats: () => ({ name, hits, misses, size: lru.size }),
  };
}
