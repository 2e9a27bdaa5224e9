import { SearchInputError, searchReportIds, type ReportSearchResult } from '@hiraku/search';
import { LIMITS, SEARCH_MESSAGES, type ReportSearchQuery, type ReportSearchSource } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import { loadFilterableListedCards, loadListedCards, withoutMatchText, type ListViewer, type ReportCard } from '../commands/reportCards';
import { createGenerationCache, type GenerationCacheOptions } from '../db/generationCache';
import { listRelationsHideAny, listRelationsReader, listRelationsShow, NO_LIST_RELATIONS, type ListRelations } from '../visibility';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { DATABASE_SEARCH_BOUNDS, searchReportsInDatabase } from './databaseFallbackSearch';
import { writeGeneration } from '../db/writeGeneration';
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

/** The engine failed or could not be reached: the database answers instead (an error of ours is not this). */
class EngineUnavailable extends Error {
  constructor(cause: unknown) {
    super('search engine unavailable', { cause });
  }
}

/** The engine's answers are kept this long (db/generationCache.ts), and are dropped by a write of this process. */
export const SEARCH_ID_CACHE_DEFAULTS = { ttlMs: 2_000, maxEntries: 1_000 } as const;

/** After the engine failed, go straight to the database for this long instead of waiting on it per request. */
export const ENGINE_RETRY_AFTER_MS = 5_000;

/**
 * For a member whose relations hide something: how many pages the engine is asked for at once, and how
 * many such windows are read at most to fill one page (see pageFromEngine).
 */
export const RELATIONS_WINDOW_PAGES = 3;
export const RELATIONS_WINDOWS_MAX = 4;

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
  }: { now?: () => number; databaseBounds?: typeof DATABASE_SEARCH_BOUNDS; idCache?: Omit<GenerationCacheOptions, 'now' | 'generation'> } = {},
) {
  let engineRetryAt = 0;
  const relationsOf = listRelationsReader(deps.sequelize);
  const engineAnswers = createGenerationCache<ReportSearchResult>({ ...idCache, now, generation: writeGeneration(deps.sequelize) });

  /**
   * The engine's ids and authors from `offset`, through the short shared cache. Nothing of the member is
   * in the request, so every member asking the same words, filters, order and window shares one answer:
   * what they may see is decided per request from the rows (pageFromEngine).
   */
  async function idsFromEngine(input: ReportSearchQuery, offset: number, window: number): Promise<ReportSearchResult> {
    const { query, sort, limit, offset: _, ...filters } = input;
    const params = { query, sort, limit: Math.max(limit, window), offset, filters };
    try {
      return await engineAnswers.get(JSON.stringify(params), () => searchReportIds(deps.search.client, deps.search.reportsIndexUid, params));
    } catch (error) {
      // The input was validated already: this is our bug, not the engine's, and must not be hidden.
      if (error instanceof SearchInputError) throw error;
      throw new EngineUnavailable(error);
    }
  }

  /**
   * The page the engine's answers give a member: the listed ones, in the engine's order, and with
   * relations that hide something (issue 19), only those in their lists. A member with none reads the
   * page's ids as anyone would. A member with some is given RELATIONS_WINDOW_PAGES pages of ids at once,
   * drops the authors they hide by the ids the engine answers with, reads the rest with their folded text
   * and drops what holds a muted word (visibility's listRelationsShow, the rule of reportShownInListsSql);
   * a window that leaves fewer than a page is followed by the next one, up to RELATIONS_WINDOWS_MAX.
   * Offsets stay the engine's: a page from `offset` shows the first `limit` visible results from there,
   * the next page starts `limit` further on, and the repeats this brings are merged by id in the client.
   */
  async function pageFromEngine(input: ReportSearchQuery, viewer: ListViewer | null, relations: ListRelations): Promise<{ reports: ReportCard[]; total: number }> {
    if (!viewer || !listRelationsHideAny(relations)) {
      const found = await idsFromEngine(input, input.offset, input.limit);
      const reports = await loadListedCards(deps.sequelize, found.ids);
      // Ids the index still holds but the database no longer lists are not counted either.
      return { reports, total: Math.max(input.offset + reports.length, found.total - (found.ids.length - reports.length)) };
    }
    const window = Math.min(input.limit * RELATIONS_WINDOW_PAGES, LIMITS.pageSizeMax);
    const reports: ReportCard[] = [];
    let dropped = 0;
    let total = 0;
    for (let round = 0, offset = input.offset; round < RELATIONS_WINDOWS_MAX && reports.length < input.limit; round += 1, offset += window) {
      const found = await idsFromEngine(input, offset, window);
      total = found.total;
      const candidates = found.ids.filter((_, index) => {
        const authorId = found.authorIds[index] ?? 0;
        return authorId === viewer.id || !relations.hiddenMemberIds.has(authorId);
      });
      dropped += found.ids.length - candidates.length;
      // A page's worth of rows at a time: muted words drop few, so the first read usually fills the page.
      for (let from = 0; from < candidates.length && reports.length < input.limit; from += input.limit) {
        const chunk = candidates.slice(from, from + input.limit);
        const shown = (await loadFilterableListedCards(deps.sequelize, chunk)).filter((card) => listRelationsShow(viewer.id, relations, card));
        dropped += chunk.length - shown.length;
        reports.push(...shown.slice(0, input.limit - reports.length).map(withoutMatchText));
      }
      if (found.ids.length < window) break;
    }
    return { reports, total: Math.max(input.offset + reports.length, total - dropped) };
  }

  return async function searchReports(input: ReportSearchQuery, viewer: ListViewer | null = null): Promise<FoundReports> {
    if (now() >= engineRetryAt) {
      const relations = viewer ? await relationsOf(viewer) : NO_LIST_RELATIONS;
      try {
        const { reports, total } = await pageFromEngine(input, viewer, relations);
        return { reports, total, source: 'search', notice: null };
      } catch (error) {
        if (!(error instanceof EngineUnavailable)) throw error;
        engineRetryAt = now() + ENGINE_RETRY_AFTER_MS;
        deps.logger.warn({ err: error.cause }, '検索エンジンが使えないため、データベースで検索します');
      }
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
