import type { Sequelize } from 'sequelize';
import type { NamedCache } from '../cache/namedCache';
import { loadListRelations, type ListRelations } from './relations';

/**
 * A member's list relations (blocks either way, mutes, muted words, hidden warnings) kept for a moment
 *. The feed's shared pages and search's shared engine answers are filtered per
 * request with them, and a member who scrolls, searches and comes back reads them several times a
 * second: loaded each time, a member with 400 hidden members and 100 words paid a statement of about 500
 * rows per request.
 *
 * Kept in the app's named cache `listRelations` (cache/appCaches.ts). Freshness: a block, mute, muted word,
 * warning setting or suspension drops the member's entry after its commit, in every process (the bus);
 * a mute that ends by its own clock may show up to the cache's time to live late.
 */
export type ListRelationsReader = (viewer: { id: number; now: Date }) => Promise<ListRelations>;

export function listRelationsReader(sequelize: Sequelize, cache: NamedCache<ListRelations>): ListRelationsReader {
  return (viewer) => cache.get(String(viewer.id), () => loadListRelations(sequelize, viewer.id, viewer.now));
}
