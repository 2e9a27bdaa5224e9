/**
 * A short shared memory of the search engine's answers (issue 22): id lists, keyed by everything the
 * engine was asked (words, filters, order, window, and the authors left out for the searching member).
 *
 * Why this is safe for visibility: only ids are kept. The rows are still read per request through the
 * viewer's list condition (server/src/visibility/), so a report hidden, deleted or unlisted since the
 * engine answered, or one holding the viewer's muted word, is dropped as before. Blocks and mutes are
 * part of the key (the engine leaves those authors out), so a new block or mute is a different key and
 * takes effect at once. What the cache can delay is only a report that became searchable in the last
 * `ttlMs`, as the search index's own sync already does.
 *
 * Concurrent identical searches share one engine request while it runs (members arriving at a popular
 * word together cost the engine one search); a failed request is forgotten at once, so the next caller
 * tries again (and the database fallback decides as before).
 */
import type { WriteGeneration } from '../db/writeGeneration';

export interface SearchIdCacheOptions {
  /** How long an answer is reused; 0 switches the cache off (every search asks the engine). */
  ttlMs: number;
  /** Answers kept at most; the oldest go first. An answer is a few hundred bytes. */
  maxEntries: number;
  now?: () => number;
  /**
   * Answers are dropped when it moves (db/writeGeneration.ts): a write of this process (a report
   * published or hidden, the search outbox applied) is searched afresh at once; the engine's changes
   * made by other processes show within `ttlMs`, as the outbox's own delay already allows.
   */
  generation?: WriteGeneration;
}

export const SEARCH_ID_CACHE_DEFAULTS = { ttlMs: 2_000, maxEntries: 1_000 } as const;

export interface SearchIdCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createSearchIdCache<T>({ ttlMs, maxEntries, now = Date.now, generation = { value: 0 } }: SearchIdCacheOptions): SearchIdCache<T> {
  const entries = new Map<string, { until: number; generation: number; value: Promise<T> }>();
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at && hit.generation === generation.value) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { until: at + ttlMs, generation: generation.value, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      // Map keeps insertion order: the first keys are the oldest answers.
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
