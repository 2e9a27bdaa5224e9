import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { presentReportListItem } from '../../presenters/report';
import { createReportSearch } from '../../search/reportSearch';
import { recordSearchQuery } from '../../search/searchLog';
import type { AppServices } from '../../services';

/** GET /api/reports/search/advanced: signed-in members only, like every other way of reading reports. */
export function searchHandlers(services: AppServices): EndpointHandlers<KeysOf<'search'>> {
  const { models, storage, logger } = services;
  const searchReports = createReportSearch(services);
  return {
    'search.reports': async ({ user, query }) => {
      // The first page only: scrolling through the results is one search, not several.
      if (query.offset === 0 && query.query) {
        await recordSearchQuery(models, user.id, query.query).catch((error: unknown) => logger.warn({ err: error }, 'search query could not be logged'));
      }
      const found = await searchReports(query, { id: user.id, now: new Date() });
      return {
        reports: found.reports.map((report) => presentReportListItem(report, { viewer: user, storage })),
        total: found.total,
        source: found.source,
        ...(found.notice ? { notice: found.notice } : {}),
      };
    },
  };
}
