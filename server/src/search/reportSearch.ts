import { SearchInputError, searchReportIds } from '@hiraku/search';
import type { ReportSearchQuery, ReportSearchSource } from '@hiraku/shared';
import { Op, type Sequelize } from 'sequelize';
import { authorInclude } from '../commands/reportLoader';
import type { Logger } from '../logger';
import type { Models, Report } from '../models';
import { searchReportsInDatabase } from './databaseFallbackSearch';
import type { SearchService } from './searchService';
import { LISTED_REPORT, listedAuthorInclude } from '../visibility';

type SearchModels = Pick<Models, 'Report' | 'User' | 'Profile'>;

export interface ReportSearchDeps {
  models: SearchModels;
  sequelize: Sequelize;
  search: SearchService;
  logger: Logger;
}

export interface FoundReports {
  /** Listed reports with author and profile (for presentReportListItem), in the requested order. */
  reports: Report[];
  total: number;
  source: ReportSearchSource;
}

/** After the engine failed, go straight to the database for this long instead of waiting on it per request. */
export const ENGINE_RETRY_AFTER_MS = 5_000;

/**
 * Searches reports: ids from Meilisearch, rows from the database, where visibility is enforced (an index
 * that lags behind a hide or a suspension never shows the report). When Meilisearch is unreachable or
 * fails, the database answers instead: slower, but never an error page.
 */
export function createReportSearch(deps: ReportSearchDeps, { now = Date.now } = {}) {
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
      const reports = await loadListedReports(deps.models, found.ids);
      // Ids the index still holds but the database no longer lists are not counted either.
      return { reports, total: Math.max(reports.length, found.total - (found.ids.length - reports.length)), source: 'search' };
    }
    const { query, sort, limit, offset, ...filters } = input;
    const fallback = await searchReportsInDatabase(deps.sequelize, { query, sort, limit, offset, filters });
    return { reports: await loadListedReports(deps.models, fallback.ids), total: fallback.total, source: 'database' };
  };
}

/** The listed ones of `ids` (published, not hidden, author not suspended), in the order of `ids`. */
export async function loadListedReports(models: SearchModels, ids: readonly number[]): Promise<Report[]> {
  if (ids.length === 0) return [];
  const rows = await models.Report.findAll({
    where: { id: { [Op.in]: [...new Set(ids)] }, ...LISTED_REPORT },
    include: [listedAuthorInclude(authorInclude(models))],
  });
  const byId = new Map(rows.map((report) => [report.id, report]));
  return ids.map((id) => byId.get(id)).filter((report): report is Report => report !== undefined);
}
