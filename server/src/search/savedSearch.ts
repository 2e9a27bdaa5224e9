import { SearchInputError, searchReportIds } from '@hiraku/search';
import type { ReportSearchQuery } from '@hiraku/shared';
import { loadListedCards, type ListViewer } from '../commands/reportCards';
import { loadShownSavedIds } from '../commands/saves/savedLists';
import { answerFromDatabase, type FoundReports, type ReportSearchDeps } from './reportSearch';

/**
 * Search inside what I saved (issue 37; docs/decisions.md): the same words, filters and orders as
 * /reports, answered by Meilisearch with the member's saved ids as a filter (`id IN [...]`).
 *
 * The ids handed over are those the member may see now (visibility's savedReportShownSql), at most
 * LIMITS.savesMax, so the engine's pages and total are exact; the page's rows are then read through the
 * same list rule again, so an index lagging behind a hide never shows a report. Nothing of this is kept
 * in the shared answer cache of reportSearch.ts: it is one member's own. While the engine is down the
 * database searches the saved reports (they are few enough to need no bound).
 */
export function createSavedSearch(deps: ReportSearchDeps) {
  return async function searchSaved(input: ReportSearchQuery, viewer: ListViewer): Promise<FoundReports> {
    const { query, sort, limit, offset, ...filters } = input;
    const savedIds = await loadShownSavedIds(deps.sequelize, viewer);
    if (savedIds.length === 0) return { reports: [], total: 0, source: 'search', notice: null };
    try {
      const found = await searchReportIds(deps.search.client, deps.search.reportsIndexUid, { query, sort, limit, offset, filters, withinIds: savedIds });
      const reports = await loadListedCards(deps.sequelize, found.ids, viewer);
      return { reports, total: Math.max(offset + reports.length, found.total - (found.ids.length - reports.length)), source: 'search', notice: null };
    } catch (error) {
      if (error instanceof SearchInputError) throw error;
      deps.logger.warn({ err: error }, '検索エンジンが使えないため、保存したレポートをデータベースで検索します');
    }
    return answerFromDatabase(deps.sequelize, { query, sort, limit, offset, filters, viewer, savedBy: viewer.id });
  };
}
