import { SearchInputError, searchReportIds } from '@hiraku/search';
import { contentWarningKeys, LIMITS, type ReportSearchQuery } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { loadListedCards, type ListViewer, type ReportCard } from '../commands/reportCards';
import { REPORT_AGGREGATE } from '../commands/searchOutbox';
import { listRelationsHideAny, listRelationsReader } from '../visibility';
import { answerFromDatabase, RELATIONS_WINDOW_PAGES, RELATIONS_WINDOWS_MAX, type FoundReports, type ReportSearchDeps } from './reportSearch';

/**
 * Search inside what I saved (issue 37; docs/decisions.md): the same words, filters and orders as
 * /reports, answered by Meilisearch with the filter `savedBy = <member id>`. Each report's document
 * lists the members who saved it (reportDocumentBuilder; the save and unsave queue the document's
 * update in the search outbox), and no answer ever returns that list (reportsIndex.ts, displayedAttributes).
 *
 * The engine's ids are read through the member's list rule (visibility's savedReportShownSql, as
 * /saved lists them), so a saved report hidden, made followers-only, by a blocked or muted author or
 * behind a hidden content warning is not shown, and shows again when that ends. As on /reports, a member
 * whose relations hide something is given a few pages at once (RELATIONS_WINDOW_PAGES), and their hidden
 * warnings are the engine's filter too. Nothing of this is kept in the shared answer cache of
 * reportSearch.ts: it is one member's own. While the engine is down the database searches the saved
 * reports (they are few enough to need no bound).
 */
/**
 * The member's saved reports whose search documents are still to be updated by the outbox (a save just
 * made). The outbox holds only pending work, so this reads a few rows.
 */
async function pendingSavedIds(sequelize: Sequelize, memberId: number): Promise<number[]> {
  const rows = await sequelize.query<{ id: number | string }>(
    `SELECT DISTINCT s.report_id AS id FROM search_outbox o JOIN saves s ON s.user_id = :memberId AND s.report_id = o.aggregate_id
      WHERE o.aggregate_type = :aggregate`,
    { replacements: { memberId, aggregate: REPORT_AGGREGATE }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => Number(row.id));
}

/** Those of `ids` the member keeps saved now: the engine may still name a report just unsaved. */
async function stillSaved(sequelize: Sequelize, memberId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await sequelize.query<{ id: number | string }>('SELECT report_id AS id FROM saves WHERE user_id = :memberId AND report_id IN (:ids)', {
    replacements: { memberId, ids: [...ids] },
    type: QueryTypes.SELECT,
  });
  return new Set(rows.map((row) => Number(row.id)));
}

export function createSavedSearch(deps: ReportSearchDeps) {
  const relationsOf = listRelationsReader(deps.sequelize, deps.caches.listRelations);

  async function pageFromEngine(input: ReportSearchQuery, viewer: ListViewer): Promise<{ reports: ReportCard[]; total: number }> {
    const { query, sort, limit, offset: firstOffset, ...filters } = input;
    const [relations, pending] = await Promise.all([relationsOf(viewer), pendingSavedIds(deps.sequelize, viewer.id)]);
    const hidesAny = listRelationsHideAny(relations);
    const window = hidesAny ? Math.min(limit * RELATIONS_WINDOW_PAGES, LIMITS.pageSizeMax) : limit;
    const hiddenWarnings = relations.hiddenWarningMask !== 0 ? { keys: contentWarningKeys(relations.hiddenWarningMask), viewerId: viewer.id } : undefined;
    const reports: ReportCard[] = [];
    let dropped = 0;
    let total = 0;
    for (let round = 0, offset = firstOffset; round < RELATIONS_WINDOWS_MAX && reports.length < limit; round += 1, offset += window) {
      const found = await searchReportIds(deps.search.client, deps.search.reportsIndexUid, {
        query,
        sort,
        limit: window,
        offset,
        filters,
        savedBy: viewer.id,
        savedPendingIds: pending,
        ...(hiddenWarnings ? { hiddenWarnings } : {}),
      });
      total = found.total;
      const saved = await stillSaved(deps.sequelize, viewer.id, found.ids);
      const cards = await loadListedCards(deps.sequelize, found.ids.filter((id) => saved.has(id)), viewer);
      // Ids the index still holds but the member does not see now are not counted either.
      dropped += found.ids.length - cards.length;
      reports.push(...cards.slice(0, limit - reports.length));
      if (!hidesAny || found.ids.length < window) break;
    }
    return { reports, total: Math.max(firstOffset + reports.length, total - dropped) };
  }

  return async function searchSaved(input: ReportSearchQuery, viewer: ListViewer): Promise<FoundReports> {
    try {
      const { reports, total } = await pageFromEngine(input, viewer);
      return { reports, total, source: 'search', notice: null };
    } catch (error) {
      if (error instanceof SearchInputError) throw error;
      deps.logger.warn({ err: error }, '検索エンジンが使えないため、保存したレポートをデータベースで検索します');
    }
    const { query, sort, limit, offset, ...filters } = input;
    return answerFromDatabase(deps.sequelize, { query, sort, limit, offset, filters, viewer, savedBy: viewer.id });
  };
}
