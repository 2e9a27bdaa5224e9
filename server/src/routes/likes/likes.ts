import Router from '@koa/router';
import { COMMUNITY_MESSAGES, parseRouteId, type LikeInfo, type LikeToggleResponse, type ReportLikeCounts } from '@hiraku/shared';
import { Op } from 'sequelize';
import { toggleLike } from '../../commands/likeToggler';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser, signedIn } from '../../middlewares/authenticate';
import { privateAnswer } from '../reports/privateAnswer';
import { authorizeReport } from '../../policies/report';
import { LISTED_REPORT, listedAuthorOnly, reportFacts } from '../../visibility';
import type { AppServices } from '../../services';
import { likeRateLimit } from './likeRateLimit';
import { likeCountsQuerySchema, likeToggleSchema } from './schema';

/** Likes: one per member and report, never on one's own report, counted exactly under concurrency. */
export function likeRoutes(services: AppServices): Router {
  const { models } = services;
  const router = new Router({ prefix: '/likes' });
  // Per route rather than router.use: another router may serve other paths under the same prefix.
  const signedInOnly = [signedIn, privateAnswer] as const;

  router.get('/report-counts', ...signedInOnly, async (ctx) => {
    const { ids } = parseInput(likeCountsQuerySchema, ctx.query);
    const reports = await models.Report.findAll({
      where: { ...LISTED_REPORT, ...(ids ? { id: { [Op.in]: ids } } : {}) },
      include: [listedAuthorOnly(models)],
      attributes: ['id', 'likeCount'],
      order: [['id', 'ASC']],
    });
    ctx.body = Object.fromEntries(reports.map((report) => [String(report.id), report.likeCount])) satisfies ReportLikeCounts;
  });

  router.get('/:reportId', ...signedInOnly, async (ctx) => {
    const viewer = requireUser(ctx);
    const reportId = parseRouteId(ctx.params.reportId);
    const report = reportId === null ? null : await models.Report.findByPk(reportId, { include: [{ model: models.User, as: 'author', attributes: ['id', 'suspendedAt'] }] });
    if (!report) throw notFound(COMMUNITY_MESSAGES.like.notFound);
    authorizeReport(viewer, 'read', reportFacts(report));
    const mine = await models.Like.findOne({ where: { reportId: report.id, userId: viewer.id }, attributes: ['reportId'] });
    ctx.body = { likeCount: report.likeCount, isLiked: mine !== null } satisfies LikeInfo;
  });

  router.post('/:reportId/toggle', ...signedInOnly, likeRateLimit(services), async (ctx) => {
    const viewer = requireUser(ctx);
    const reportId = parseRouteId(ctx.params.reportId);
    if (reportId === null) throw notFound(COMMUNITY_MESSAGES.like.notFound);
    const { liked } = parseInput(likeToggleSchema, ctx.request.body);
    const result = await services.sequelize.transaction((transaction) => toggleLike(services, { viewer, reportId, liked }, { transaction }));
    ctx.body = result satisfies LikeToggleResponse;
  });

  return router;
}
