import { SearchInputError, searchReportIds, type HiddenWarningsFilter, type ReportSearchResult } from '@hiraku/search';
import { contentWarningKeys, LIMITS, SEARCH_MESSAGES, type ReportSearchQuery, type ReportSearchSource } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import { loadFilterableListedCards, loadListedCards, withoutMatchText, type FilterableCard, type ListViewer, type ReportCard } from '../commands/reportCards';
import type { AppCaches } from '../cache/appCaches';
import { listRelationsHideAny, listRelationsReader, listRelationsShow, NO_LIST_RELATIONS, type ListRelations } from '../visibility';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { DATABASE_SEARCH_BOUNDS, searchReportsInDatabase, type DatabaseSearchParams } from './databaseFallbackSearch';
import type { SearchService } from './searchService';

type SearchModels = Pick<Models, 'Report' | 'User' | 'Profile'>;

export interface ReportSearchDeps {
  models: SearchModels;
  sequelize: Sequelize;
  search: SearchService;
  logger: Logger;
  caches: Pick<AppCaches, 'searchAnswers' | 'listRelations'>;
}

export interface FoundReports {
  /** Listed reports as cards (for presentReportListItem), in the requested order. */
  reports: ReportCard[];
  total: number;
  source: ReportSearchSource;
  /** Set when the database search could not look at every report (SEARCH_MESSAGES.limited). */
  notice: string | null;
}

/** An engine answer with the listed rows it names, by id. */
export type EngineRows = ReportSearchResult & { rows: Map<number, FilterableCard> };

/** The engine failed or could not be reached: the database answers instead (an error of ours is not this). */
class EngineUnavailable extends Error {
  constructor(cause: unknown) {
    super('search engine unavailable', { cause });
  }
}

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
  }: { now?: () => number; databaseBounds?: typeof DATABASE_SEARCH_BOUNDS } = {},
) {
  let engineRetryAt = 0;
  const relationsOf = listRelationsReader(deps.sequelize, deps.caches.listRelations);
  /**
   * The engine's answers and their rows, in the app's named cache `searchAnswers` (cache/appCaches.ts):
   * dropped by any listing change, in every process. Keyed by index too, so two searches on
   * different engines (tests) never share an answer.
   */
  const engineAnswers = deps.caches.searchAnswers;

  /**
   * The engine's ids and authors from `offset`, through the short shared cache, with the rows they name:
   * the listed ones as cards with their folded text, read once for every member asking the same words,
   * filters, order and window while the answer is kept (nothing of a member is in either: what they may
   * see is decided per request from the rows, pageFromEngine). Like the feed's shared pages, an answer
   * is dropped by any listing change, whichever process made it.
   */
  async function rowsFromEngine(input: ReportSearchQuery, offset: number, window: number, hiddenWarnings: HiddenWarningsFilter | undefined): Promise<EngineRows> {
    const { query, sort, limit, offset: _, ...filters } = input;
    // A member hiding content warnings is given the engine's filter on them, so their pages fill
    // as anyone's; the filter names them (their own reports stay), so such answers are kept per member.
    const params = { query, sort, limit: Math.max(limit, window), offset, filters, ...(hiddenWarnings ? { hiddenWarnings } : {}) };
    return engineAnswers.get(JSON.stringify([deps.search.reportsIndexUid, params]), async () => {
      const found = await searchReportIds(deps.search.client, deps.search.reportsIndexUid, params).catch((error: unknown) => {
        // The input was validated already: this is our bug, not the engine's, and must not be hidden.
        if (error instanceof SearchInputError) throw error;
        throw new EngineUnavailable(error);
      });
      // Only the engine's failure leads to the database search: the database's own failure is an error.
      return { ...found, rows: new Map((await loadFilterableListedCards(deps.sequelize, found.ids)).map((row) => [row.id, row])) };
    });
  }

  /**
   * The page the engine's answers give a member: the listed ones, in the engine's order, and with
   * relations that hide something, only those in their lists (visibility's listRelationsShow,
   * the rule of reportShownInListsSql: hidden authors, muted words in the folded text). A member with
   * none is given a page of ids as anyone; a member with some is given RELATIONS_WINDOW_PAGES pages at
   * once, and a window that leaves fewer than a page is followed by the next one, up to
   * RELATIONS_WINDOWS_MAX. Offsets stay the engine's: a page from `offset` shows the first `limit`
   * visible results from there, the next page starts `limit` further on, and the repeats this brings are
   * merged by id in the client.
   */
  async function pageFromEngine(input: ReportSearchQuery, viewer: ListViewer | null, relations: ListRelations): Promise<{ reports: ReportCard[]; total: number }> {
    const hidesAny = viewer !== null && listRelationsHideAny(relations);
    const window = hidesAny ? Math.min(input.limit * RELATIONS_WINDOW_PAGES, LIMITS.pageSizeMax) : input.limit;
    const reports: ReportCard[] = [];
    let dropped = 0;
    let total = 0;
    const hiddenWarnings = viewer && relations.hiddenWarningMask !== 0 ? { keys: contentWarningKeys(relations.hiddenWarningMask), viewerId: viewer.id } : undefined;
    for (let round = 0, offset = input.offset; round < RELATIONS_WINDOWS_MAX && reports.length < input.limit; round += 1, offset += window) {
      const found = await rowsFromEngine(input, offset, window, hiddenWarnings);
      total = found.total;
      for (const id of found.ids) {
        if (reports.length === input.limit) break;
        const row = found.rows.get(id);
        // Ids the index still holds but the database no longer lists (or this member does not see) are not counted either.
        if (!row || (viewer && hidesAny && !listRelationsShow(viewer.id, relations, row))) dropped += 1;
        else reports.push(withoutMatchText(row));
      }
      if (!hidesAny || found.ids.length < window) break;
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
    return answerFromDatabase(deps.sequelize, { query, sort, limit, offset, filters, viewer }, databaseBounds);
  };
}

/** The database search's answer as cards (while the engine is down): /reports, and inside a member's saves with `savedBy`. */
export async function answerFromDatabase(
  sequelize: Sequelize,
  params: DatabaseSearchParams & { viewer: ListViewer | null },
  bounds: typeof DATABASE_SEARCH_BOUNDS = DATABASE_SEARCH_BOUNDS,
): Promise<FoundReports> {
  const fallback = await searchReportsInDatabase(sequelize, params, bounds);
  const reports = await loadListedCards(sequelize, fallback.ids, params.viewer);
  return {
    reports,
    // Not counted (a COUNT of the matches costs as much as the search): a following page adds one.
    total: params.offset + reports.length + (fallback.hasMore ? 1 : 0),
    source: 'database',
    notice: fallback.limited ? SEARCH_MESSAGES.limited : null,
  };
}
