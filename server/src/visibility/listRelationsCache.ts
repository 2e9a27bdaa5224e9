import type { Sequelize } from 'sequelize';
import { createGenerationCache, type GenerationCacheOptions } from '../db/generationCache';
import { writeGeneration } from '../db/writeGeneration';
import { loadListRelations, type ListRelations } from './relations';

/**
 * A member's list relations (blocks either way, mutes, muted words) kept for a moment (issues 19 and 22).
 * The feed's shared first pages and search's shared engine answers are filtered per request with them,
 * and a member who scrolls, searches and comes back reads them several times a second: loaded each time,
 * a member with 400 hidden members and 100 words paid a statement of about 500 rows per request.
 *
 * Freshness, as the shared pages (db/generationCache.ts): a block, mute or muted word saved through this
 * process takes effect on the member's very next read; one saved through another API process shows
 * within `ttlMs`, and a mute that ends by its own clock may show up to `ttlMs` late.
 */
export const LIST_RELATIONS_CACHE_DEFAULTS = { ttlMs: 1_000, maxEntries: 10_000 } as const;

export type ListRelationsReader = (viewer: { id: number; now: Date }) => Promise<ListRelations>;

export function createListRelationsCache(sequelize: Sequelize, options: Omit<GenerationCacheOptions, 'generation'>): ListRelationsReader {
  const cache = createGenerationCache<ListRelations>({ ...options, generation: writeGeneration(sequelize) });
  return (viewer) => cache.get(String(viewer.id), () => loadListRelations(sequelize, viewer.id, viewer.now));
}

const shared = new WeakMap<Sequelize, ListRelationsReader>();

/** The process's one cache of list relations per database: the feed and search share it. */
export function listRelationsReader(sequelize: Sequelize): ListRelationsReader {
  let reader = shared.get(sequelize);
  if (!reader) {
    reader = createListRelationsCache(sequelize, LIST_RELATIONS_CACHE_DEFAULTS);
    shared.set(sequelize, reader);
  }
  return reader;
}
