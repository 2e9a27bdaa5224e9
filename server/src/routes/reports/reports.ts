import Router from '@koa/router';
import {
  COMMUNITY_MESSAGES,
  MESSAGES,
  parseRouteId,
  type MyReportListItem,
  type ReportDeleteResponse,
  type ReportDetail,
  type ReportListItem,
  type ReportMutationResponse,
  type ReportPage,
} from '@hiraku/shared';
import type { Context } from 'koa';
import { createReport } from '../../commands/reportCreator';
import { assertHasProfile } from '../../commands/reportContent';
import { deleteReport } from '../../commands/reportDeleter';
import { loadReportFeed } from '../../commands/reportFeedLoader';
import { prepareReportImages, runReportWrite } from '../../commands/reportImages';
import { authorInclude, loadReportDetail } from '../../commands/reportLoader';
import { updateReport } from '../../commands/reportUpdater';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser, signedIn } from '../../middlewares/authenticate';
import { privateAnswer } from './privateAnswer';
import type { Report } from '../../models';
import { authorizeReport } from '../../policies/report';
import type { Viewer } from '../../policies/viewer';
import { presentMyReport, presentReport, presentReportListItem } from '../../presenters/report';
import { LISTED_REPORT, listedAuthorInclude, reportFacts } from '../../visibility';
import type { AppServices } from '../../services';
import { multipartFields, reportMultipart, uploadedImage } from './multipart';
import { memberReportsQuerySchema, parseReportForm, reportFeedQuerySchema } from './schema';

/**
 * Play reports. Reading needs a signed-in member too: the content is for adults who attested their age
 * at sign-up. Writes are multipart (SPEC.md section 7) and only the author may change a report.
 */
export function reportRoutes(services: AppServices): Router {
  const { models, storage } = services;
  const router = new Router({ prefix: '/reports' });
  // Per route rather than router.use: another router may serve other paths under the same prefix.
  const signedInOnly = [signedIn, privateAnswer] as const;

  router.get('/infinite', ...signedInOnly, async (ctx) => {
    const query = parseInput(reportFeedQuerySchema, ctx.query);
    const page = await loadReportFeed(services, query);
    ctx.body = {
      data: page.reports.map((report) => presentReportListItem(report, storage)),
      nextKey: page.nextKey,
      hasMore: page.hasMore,
    } satisfies ReportPage;
  });

  router.get('/my-reports', ...signedInOnly, async (ctx) => {
    const user = requireUser(ctx);
    const reports = await models.Report.findAll({
      where: { authorId: user.id },
      include: [authorInclude(models)],
      order: [['createdAt', 'DESC'], ['id', 'DESC']],
    });
    ctx.body = reports.map((report) => presentMyReport(report, storage)) satisfies MyReportListItem[];
  });

  router.get('/', ...signedInOnly, async (ctx) => {
    const { publicId } = parseInput(memberReportsQuerySchema, ctx.query);
    const member = await models.User.findOne({ where: { publicId }, attributes: ['id'] });
    if (!member) throw notFound(COMMUNITY_MESSAGES.report.memberNotFound);
    const reports = await models.Report.findAll({
      where: { authorId: member.id, ...LISTED_REPORT },
      include: [listedAuthorInclude(authorInclude(models))],
      order: [['createdAt', 'DESC'], ['id', 'DESC']],
    });
    ctx.body = reports.map((report) => presentReportListItem(report, storage)) satisfies ReportListItem[];
  });

  router.get('/:id', ...signedInOnly, async (ctx) => {
    const viewer = requireUser(ctx);
    const report = await loadReportDetail(models, routeId(ctx));
    if (!report) throw notFound(MESSAGES.report.notFound);
    authorizeReport(viewer, 'read', reportFacts(report));
    ctx.body = presentReport(report, { viewer, storage }) satisfies ReportDetail;
  });

  router.post('/', ...signedInOnly, reportMultipart(), async (ctx) => {
    const user = requireUser(ctx);
    const input = parseReportForm(multipartFields(ctx));
    // Cheap refusals first: the image is decoded only for a request that can succeed.
    await assertHasProfile(models, user.id);
    const images = await imagesOf(ctx);
    const { report } = await runReportWrite(services, images, (transaction) =>
      createReport(models, { authorId: user.id, input, images }, { transaction }),
    );
    ctx.status = 201;
    ctx.body = { message: MESSAGES.report.created, report: await presentFresh(report.id, user) } satisfies ReportMutationResponse;
  });

  router.put('/:id', ...signedInOnly, reportMultipart(), async (ctx) => {
    const user = requireUser(ctx);
    const reportId = routeId(ctx);
    const input = parseReportForm(multipartFields(ctx));
    const current = await loadReportDetail(models, reportId);
    if (!current) throw notFound(MESSAGES.report.notFound);
    authorizeReport(user, 'update', reportFacts(current));
    const images = await imagesOf(ctx);
    await runReportWrite(services, images, (transaction) => updateReport(models, { viewer: user, reportId, input, images }, { transaction }));
    ctx.body = { message: MESSAGES.report.updated, report: await presentFresh(reportId, user) } satisfies ReportMutationResponse;
  });

  router.delete('/:id', ...signedInOnly, async (ctx) => {
    const user = requireUser(ctx);
    const reportId = routeId(ctx);
    await runReportWrite(services, null, (transaction) => deleteReport(models, { viewer: user, reportId }, { transaction }));
    ctx.body = { message: MESSAGES.report.deleted } satisfies ReportDeleteResponse;
  });

  async function presentFresh(reportId: number, viewer: Viewer): Promise<ReportDetail> {
    const report: Report | null = await loadReportDetail(models, reportId);
    if (!report) throw notFound(MESSAGES.report.notFound);
    return presentReport(report, { viewer, storage });
  }

  return router;
}

function routeId(ctx: Context): number {
  const id = parseRouteId(ctx.params.id);
  if (id === null) throw notFound(MESSAGES.report.notFound);
  return id;
}

async function imagesOf(ctx: Context) {
  const data = uploadedImage(ctx);
  return data ? prepareReportImages(data) : null;
}
