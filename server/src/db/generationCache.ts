import type { WriteGeneration } from './writeGeneration';

/**
 * A short memory of answers that a write may change (issues 19 and 22): the search engine's id lists
 * (search/reportSearch.ts) and members' list relations (visibility/listRelationsCache.ts). An answer is
 * kept `ttlMs` and only while the process's write generation is where it was when the answer was asked
 * for (db/writeGeneration.ts), so a write made by this process is seen by the very next read; writes of
 * other processes show within `ttlMs`.
 *
 * Concurrent identical asks share one load while it runs (members arriving at a popular word together
 * cost the engine one search); a failed load is forgotten at once, so the next caller tries again.
 */
export interface GenerationCacheOptions {
  /** How long an answer is reused; 0 switches the cache off (every ask loads). */
  ttlMs: number;
  /** Answers kept at most; the oldest go first. */
  maxEntries: number;
  now?: () => number;
  /** Answers are dropped when it moves. */
  generation?: WriteGeneration;
}

export interface GenerationCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createGenerationCache<T>({ ttlMs, maxEntries, now = Date.now, generation = { value: 0 } }: GenerationCacheOptions): GenerationCache<T> {
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
