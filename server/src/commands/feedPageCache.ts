import type { SortOption } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import { writeGeneration } from '../db/writeGeneration';
import { listRelationsReader, listRelationsShow } from '../visibility';
import { loadFilterableFirstPage, withoutMatchText, type FilterableCard, type ListViewer, type ReportCard } from './reportCards';

/**
 * The feed's first page of each sort, shared by every member for a moment (issue 22): most requests of
 * the feed are a first page, and every member's first page is the same listed reports minus the ones
 * their own relations hide.
 *
 * What is shared is public: listed reports only (published, not hidden, author not suspended), read
 * without a viewer. What is private is applied per request: the viewer's blocks (either way), mutes and
 * muted words (one statement, kept for the member a moment by visibility/listRelationsCache.ts) filter
 * the rows with visibility's listRelationsShow (the same rule as the SQL form; visibilityAgreement.int.test.ts holds them
 * together); the member whose request reads the shared rows gets the SQL form's verdict on each row in
 * that same statement, so a first page costs the session check and at most one statement. The
 * shared page holds `margin` reports more than a page, so a viewer who hides a few of
 * them still gets a full page; when their relations hide more, their page is read from the database as
 * before. Cards carry no field of the viewer's own (no liked-by-me), so nothing else is merged.
 *
 * Freshness: a page lives `ttlMs`, and any write this process sends to a table a list reads drops every
 * shared page at once (db/writeGeneration.ts), so a member who publishes, hides, deletes or likes sees the
 * change on their next read. Writes made by another process (a second API process, the worker's
 * sweeps) show within `ttlMs`.
 */
export interface FeedPageCacheOptions {
  /** 0 switches the cache off. */
  ttlMs: number;
  /** Reports read beyond a page, for the viewers whose relations hide some of them. */
  margin: number;
  now?: () => number;
}

export const FEED_PAGE_CACHE_DEFAULTS = { ttlMs: 1_000, margin: 16 } as const;

export interface FeedPageCache {
  /**
   * The viewer's first page of `sort` (`size` cards at most, `size` being a page plus the one that says
   * whether more follow), or null when the shared rows cannot fill it for them: the caller reads it itself.
   */
  firstPage(sort: SortOption, size: number, viewer: ListViewer): Promise<ReportCard[] | null>;
}

export function createFeedPageCache(sequelize: Sequelize, { ttlMs, margin, now = Date.now }: FeedPageCacheOptions): FeedPageCache {
  const generation = writeGeneration(sequelize);
  const relationsOf = listRelationsReader(sequelize);
  const pages = new Map<string, { until: number; generation: number; rows: Promise<FilterableCard[]> }>();

  /** The rows with the viewer's verdict on each: from the shared page, or read (and shared) with the verdict in the same statement. */
  async function rowsFor(sort: SortOption, size: number, viewer: ListViewer): Promise<{ rows: FilterableCard[]; shown: FilterableCard[] }> {
    const key = `${sort}:${size}`;
    const at = now();
    const kept = pages.get(key);
    if (kept && kept.until > at && kept.generation === generation.value) {
      // Shared rows (or a read still under way for another member), filtered by this viewer's relations.
      const [rows, relations] = await Promise.all([kept.rows, relationsOf(viewer)]);
      const shown: FilterableCard[] = [];
      for (const row of rows) {
        if (shown.length === size) break;
        if (listRelationsShow(viewer.id, relations, row)) shown.push(row);
      }
      return { rows, shown };
    }
    const started = generation.value;
    const read = loadFilterableFirstPage(sequelize, sort, size + margin, viewer);
    const rows: Promise<FilterableCard[]> = read;
    pages.set(key, { until: at + ttlMs, generation: started, rows });
    rows.catch(() => {
      if (pages.get(key)?.rows === rows) pages.delete(key);
    });
    const withVerdict = await read;
    return { rows: withVerdict, shown: withVerdict.filter((row) => row.shownToViewer) };
  }

  return {
    async firstPage(sort, size, viewer) {
      if (ttlMs <= 0) return null;
      const { rows, shown } = await rowsFor(sort, size, viewer);
      // Fewer than asked while the shared rows were full: the hidden ones left a gap only the database can fill.
      if (shown.length < size && rows.length === size + margin) return null;
      // Only the card's own fields leave: the folded text was for the filter. The author id stays, since
      // how a sensitive image reaches this viewer depends on whether it is theirs (visibility/sensitiveImages.ts).
      return shown.slice(0, size).map(withoutMatchText);
    },
  };
}
