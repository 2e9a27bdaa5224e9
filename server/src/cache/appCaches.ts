import type { TransparencyReport } from '@hiraku/shared';
import type { StoredDays } from '../commands/analytics';
import type { SharedCatchUp, SharedRows } from '../commands/feedPageCache';
import type { FilterableCard } from '../commands/reportCards';
import type { EngineRows } from '../search/reportSearch';
import type { ListRelations } from '../visibility/relations';
import type { PrimaryReads } from '../db/primaryReads';
import { READ_PRIMARY_AFTER_WRITE_MS } from '../middlewares/readYourWrites';
import type { CacheChange } from './changes';
import { createNamedCache, type NamedCache, type NamedCacheStats } from './namedCache';

/**
 * Every in-process memory of the server, built once at boot (cache/invalidation.ts) and
 * passed in the app's services: none lives in a route factory or a module. Each is dropped by what
 * changed (apply): a listing change drops the shared listings, a member's relations change drops that
 * member's relations, whichever process wrote (the Redis bus carries the change).
 *
 * Times to live bound what no write announces: a mute or a suspension that ends by its own clock, and
 * a change the bus lost while Redis was away (every cache is emptied when it is back).
 */
export interface AppCaches {
  /** false with HIRAKU_CACHES=off: every cache loads on every ask. */
  enabled: boolean;
  /** The feed's shared pages per sort and cursor (commands/feedPageCache.ts). */
  feedPages: NamedCache<SharedRows<FilterableCard>>;
  /** The like-sorted list's shared catch-ups per page boundary (commands/feedPageCache.ts). */
  likeCatchUps: NamedCache<SharedCatchUp>;
  /** Members' blocks, mutes, muted words and hidden warnings (visibility/listRelationsCache.ts). */
  listRelations: NamedCache<ListRelations>;
  /** The search engine's answers with the listed rows they name (search/reportSearch.ts). */
  searchAnswers: NamedCache<EngineRows>;
  /** The search box's popular keywords (routes/keywords). */
  popularKeywords: NamedCache<string[]>;
  /** The operators' stored analytics days per range (commands/analytics.ts). */
  analyticsDays: NamedCache<StoredDays>;
  /** The transparency report per Japan day (routes/trust). */
  transparency: NamedCache<TransparencyReport>;
  /** When a member's visit was last written (notifications/store.ts noteVisit): a write throttle. */
  visitMarks: NamedCache<number>;
  /** Drops what `changes` make stale. */
  apply(changes: readonly CacheChange[]): void;
  /** Drops everything (the bus was away, so changes may have been missed). */
  clearAll(): void;
  stats(): NamedCacheStats[];
}

export interface CacheSize {
  ttlMs: number;
  max: number;
}

/**
 * Sizes. Listing answers and relations live a second, as before issue 33: they are dropped by changes,
 * the time only bounds what ends by a clock. Memory: a feed page of up to 67 cards with folded text is
 * about 2 KB a card, a search answer up to a window of about 3 KB a report: 128 pages, 16 catch-ups of
 * up to 500 cards and 200 answers stay within about 17 + 16 + 36 MB.
 */
export const APP_CACHE_SIZES = {
  feedPages: { ttlMs: 1_000, max: 128 },
  likeCatchUps: { ttlMs: 1_000, max: 16 },
  listRelations: { ttlMs: 1_000, max: 10_000 },
  searchAnswers: { ttlMs: 1_000, max: 200 },
  // A minute-old list is as good: clients keep it as long (POPULAR_KEYWORDS_MAX_AGE_SEC).
  popularKeywords: { ttlMs: 60_000, max: 1 },
  // Changed by the worker's roll-up (an `analytics` change); keyed by range, a few entries.
  analyticsDays: { ttlMs: 60_000, max: 16 },
  // The figures are monthly counts, promised "毎日更新": one report per Japan day.
  transparency: { ttlMs: 24 * 3_600_000, max: 2 },
  // A visit is written at most every five minutes per member and process.
  visitMarks: { ttlMs: 5 * 60_000, max: 50_000 },
} as const satisfies Record<string, CacheSize>;

export type AppCacheName = keyof typeof APP_CACHE_SIZES;

export interface AppCacheOptions {
  enabled?: boolean;
  /**
   * With read replicas (db/primaryReads.ts): for `settleMs` after a change, what a cache loads is read
   * from the primary, so no cache keeps a lagging replica's answer older than the change (a member who
   * just wrote reads the primary, middlewares/readYourWrites.ts, and must not be handed such an answer
   * from memory either). Later loads may read a replica again: its lag is well below `settleMs`.
   */
  primaryReads?: PrimaryReads;
  settleMs?: number;
  /** Other sizes (tests). */
  sizes?: Partial<Record<AppCacheName, CacheSize>>;
  now?: () => number;
}

export function createAppCaches({ enabled = true, sizes = {}, now, primaryReads, settleMs = READ_PRIMARY_AFTER_WRITE_MS }: AppCacheOptions = {}): AppCaches {
  const clock = now ?? Date.now;
  let changedAt = Number.NEGATIVE_INFINITY;
  const make = <V>(name: AppCacheName): NamedCache<V> => {
    const cache = createNamedCache<V>({ name, ...APP_CACHE_SIZES[name], ...sizes[name], enabled, ...(now ? { now } : {}) });
    if (!primaryReads) return cache;
    const reads = primaryReads;
    return {
      name: cache.name,
      get: (key, load) => cache.get(key, () => (clock() - changedAt < settleMs ? reads.run(load) : load())),
      has: (key) => cache.has(key),
      delete: (key) => cache.delete(key),
      clear: () => cache.clear(),
      get size() {
        return cache.size;
      },
      stats: () => cache.stats(),
    };
  };
  const caches = {
    feedPages: make<SharedRows<FilterableCard>>('feedPages'),
    likeCatchUps: make<SharedCatchUp>('likeCatchUps'),
    listRelations: make<ListRelations>('listRelations'),
    searchAnswers: make<EngineRows>('searchAnswers'),
    popularKeywords: make<string[]>('popularKeywords'),
    analyticsDays: make<StoredDays>('analyticsDays'),
    transparency: make<TransparencyReport>('transparency'),
    visitMarks: make<number>('visitMarks'),
  };
  const all = Object.values(caches) as Array<NamedCache<unknown>>;
  return {
    enabled,
    ...caches,
    apply(changes) {
      if (changes.length > 0) changedAt = clock();
      for (const change of changes) {
        if (change.kind === 'lists') {
          // Which pages hold a report is not indexed: a page's neighbours move too (a like reorders the
          // like-sorted list, a new report enters every first page), so a listing change drops every
          // shared listing; relations, keywords and the rest stay.
          caches.feedPages.clear();
          caches.likeCatchUps.clear();
          caches.searchAnswers.clear();
        } else if (change.kind === 'relations') {
          if (change.memberId === null) caches.listRelations.clear();
          else caches.listRelations.delete(String(change.memberId));
        } else {
          caches.analyticsDays.clear();
        }
      }
    },
    clearAll() {
      changedAt = clock();
      for (const cache of all) if (cache !== caches.visitMarks) cache.clear();
    },
    stats: () => all.map((cache) => cache.stats()),
  };
}
