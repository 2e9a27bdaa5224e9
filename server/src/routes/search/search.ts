import Router from '@koa/router';
import type { ReportSearchResponse } from '@hiraku/shared';
import { parseInput } from '../../http/validate';
import { requireUser } from '../../middlewares/authenticate';
import { presentReportListItem } from '../../presenters/report';
import { createReportSearch } from '../../search/reportSearch';
import { recordSearchQuery } from '../../search/searchLog';
import type { AppServices } from '../../services';
import { reportSearchQuerySchema } from './schema';

/**
 * GET /api/reports/search/advanced. Mounted before the reports router, whose `/reports/:id` would
 * otherwise take "search" for an id. Signed-in members only, like every other way of reading reports:
 * the content is for adults who attested their age at sign-up.
 */
export function searchRoutes(services: AppServices): Router {
  const { models, storage, logger } = services;
  const router = new Router({ prefix: '/reports/search' });
  const searchReports = createReportSearch(services);

  router.get('/advanced', async (ctx) => {
    const member = requireUser(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    const input = parseInput(reportSearchQuerySchema, ctx.query);
    // The first page only: scrolling through the results is one search, not several.
    if (input.offset === 0 && input.query) {
      await recordSearchQuery(models, member.id, input.query).catch((error: unknown) =>
        logger.warn({ err: error }, 'search query could not be logged'),
      );
    }
    const found = await searchReports(input);
    ctx.body = {
      reports: found.reports.map((report) => presentReportListItem(report, storage)),
      total: found.total,
      source: found.source,
    } satisfies ReportSearchResponse;
  });

  return router;
}
