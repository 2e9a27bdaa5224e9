import { SearchInputError, searchReportIds } from '@hiraku/search';
import { LIMITS, SEARCH_MESSAGES, type ReportSearchQuery, type ReportSearchSource } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import { loadListedCards, type ListViewer, type ReportCard } from '../commands/reportCards';
import { loadListFilter } from '../visibility';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { DATABASE_SEARCH_BOUNDS, searchReportsInDatabase } from './databaseFallbackSearch';
import { writeGeneration } from '../db/writeGeneration';
import { createSearchIdCache, SEARCH_ID_CACHE_DEFAULTS, type SearchIdCacheOptions } from './searchIdCache';
import type { SearchService } from './searchService';

type SearchModels = Pick<Models, 'Report' | 'User' | 'Profile'>;

export interface ReportSearchDeps {
  models: SearchModels;
  sequelize: Sequelize;
  search: SearchService;
  logger: Logger;
}

export interface FoundReports {
  /** Listed reports as cards (for presentReportListItem), in the requested order. */
  reports: ReportCard[];
  total: number;
  source: ReportSearchSource;
  /** Set when the database search could not look at every report (SEARCH_MESSAGES.limited). */
  notice: string | null;
}

/** After the engine failed, go straight to the database for this long instead of waiting on it per request. */
export const ENGINE_RETRY_AFTER_MS = 5_000;

/** How many pages the engine is asked for when the viewer mutes words (see searchReports). */
export const MUTED_WORD_WINDOW = 3;

/**
 * Searches reports: ids from Meilisearch, rows from the database, where visibility is enforced (an index
 * that lags behind a hide or a suspension never shows the report). When Meilisearch is unreachable or
 * fails, the database answers instead: slower, but never an error page.
 */
export function createReportSearch(
  deps: ReportSearchDeps,
  {
    now = Date.now,
    databaseBounds = DATABASE_SEARCH_BOUNDS,
    idCache = SEARCH_ID_CACHE_DEFAULTS,
  }: { now?: () => number; databaseBounds?: typeof DATABASE_SEARCH_BOUNDS; idCache?: Omit<SearchIdCacheOptions, 'now'> } = {},
) {
  let engineRetryAt = 0;
  const engineAnswers = createSearchIdCache<{ ids: number[]; total: number }>({ ...idCache, now, generation: writeGeneration(deps.sequelize) });

  /** The engine's ids, through the short shared cache (searchIdCache.ts says why visibility stays per member). */
  async function idsFromEngine(input: ReportSearchQuery, window: number, excludeAuthorIds: readonly number[]) {
    const { query, sort, limit, offset, ...filters } = input;
    const params = { query, sort, limit: Math.max(limit, window), offset, filters, excludeAuthorIds: [...new Set(excludeAuthorIds)].sort((a, b) => a - b) };
    return engineAnswers.get(JSON.stringify(params), () => searchReportIds(deps.search.client, deps.search.reportsIndexUid, params));
  }

  /**
   * With a viewer (issue 19): the engine leaves out the authors they must not see (one statement lists
   * them), and the rows are read through the viewer's list condition, which also drops reports holding a
   * muted word. The engine cannot match muted words (substrings of folded text), so when the viewer has
   * any, it is asked for MUTED_WORD_WINDOW pages from the offset and the first `limit` left are answered;
   * the next page starts `limit` further on, and the repeats this brings are merged by id in the client.
   * Only a window with fewer than `limit` reports left after the words ends the list early.
   */
  return async function searchReports(input: ReportSearchQuery, viewer: ListViewer | null = null): Promise<FoundReports> {
    const listFilter = viewer ? await loadListFilter(deps.sequelize, viewer.id, viewer.now) : { hiddenMemberIds: [], hasMutedWords: false };
    const window = listFilter.hasMutedWords ? Math.min(input.limit * MUTED_WORD_WINDOW, LIMITS.pageSizeMax) : input.limit;
    let found: { ids: number[]; total: number } | null = null;
    if (now() >= engineRetryAt) {
      try {
        found = await idsFromEngine(input, window, listFilter.hiddenMemberIds);
      } catch (error) {
        // The input was validated already: this is our bug, not the engine's, and must not be hidden.
        if (error instanceof SearchInputError) throw error;
        engineRetryAt = now() + ENGINE_RETRY_AFTER_MS;
        deps.logger.warn({ err: error }, '検索エンジンが使えないため、データベースで検索します');
      }
    }
    if (found) {
      const shown = await loadListedCards(deps.sequelize, found.ids, viewer);
      const reports = shown.slice(0, input.limit);
      // Ids the index still holds but the database no longer lists (or this viewer does not see) are not counted either.
      return { reports, total: Math.max(input.offset + reports.length, found.total - (found.ids.length - shown.length)), source: 'search', notice: null };
    }
    const { query, sort, limit, offset, ...filters } = input;
    const fallback = await searchReportsInDatabase(deps.sequelize, { query, sort, limit, offset, filters, viewer }, databaseBounds);
    const reports = await loadListedCards(deps.sequelize, fallback.ids, viewer);
    return {
      reports,
      // Not counted (a COUNT of the matches costs as much as the search): a following page adds one.
      total: offset + reports.length + (fallback.hasMore ? 1 : 0),
      source: 'database',
      notice: fallback.limited ? SEARCH_MESSAGES.limited : null,
    };
  };
}
