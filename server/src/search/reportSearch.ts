import { SearchInputError, searchReportIds } from '@hiraku/search';
import { SEARCH_MESSAGES, type ReportSearchQuery, type ReportSearchSource } from '@hiraku/shared';
import type { Sequelize } from 'sequelize';
import { loadListedCards, type ReportCard } from '../commands/reportCards';
import type { Logger } from '../logger';
import type { Models } from '../models';
import { DATABASE_SEARCH_BOUNDS, searchReportsInDatabase } from './databaseFallbackSearch';
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

/**
 * Searches reports: ids from Meilisearch, rows from the database, where visibility is enforced (an index
 * that lags behind a hide or a suspension never shows the report). When Meilisearch is unreachable or
 * fails, the database answers instead: slower, but never an error page.
 */
export function createReportSearch(deps: ReportSearchDeps, { now = Date.now, databaseBounds = DATABASE_SEARCH_BOUNDS } = {}) {
  let engineRetryAt = 0;

  async function idsFromEngine(input: ReportSearchQuery) {
    const { query, sort, limit, offset, ...filters } = input;
    return searchReportIds(deps.search.client, deps.search.reportsIndexUid, { query, sort, limit, offset, filters });
  }

  return async function searchReports(input: ReportSearchQuery): Promise<FoundReports> {
    let found: { ids: number[]; total: number } | null = null;
    if (now() >= engineRetryAt) {
      try {
        found = await idsFromEngine(input);
      } catch (error) {
        // The input was validated already: this is our bug, not the engine's, and must not be hidden.
        if (error instanceof SearchInputError) throw error;
        engineRetryAt = now() + ENGINE_RETRY_AFTER_MS;
        deps.logger.warn({ err: error }, '検索エンジンが使えないため、データベースで検索します');
      }
    }
    if (found) {
      const reports = await loadListedCards(deps.sequelize, found.ids);
      // Ids the index still holds but the database no longer lists are not counted either.
      return { reports, total: Math.max(reports.length, found.total - (found.ids.length - reports.length)), source: 'search', notice: null };
    }
    const { query, sort, limit, offset, ...filters } = input;
    const fallback = await searchReportsInDatabase(deps.sequelize, { query, sort, limit, offset, filters }, databaseBounds);
    const reports = await loadListedCards(deps.sequelize, fallback.ids);
    return {
      reports,
      // Not counted (a COUNT of the matches costs as much as the search): a following page adds one.
      total: offset + reports.length + (fallback.hasMore ? 1 : 0),
      source: 'database',
      notice: fallback.limited ? SEARCH_MESSAGES.limited : null,
    };
  };
}
