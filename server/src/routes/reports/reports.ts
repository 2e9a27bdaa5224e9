import { TEXTS, type ReportDetail } from '@hiraku/shared';
import { createReport } from '../../commands/reportCreator';
import { assertHasProfile } from '../../commands/reportContent';
import { deleteReport } from '../../commands/reportDeleter';
import { createFeedPageCache } from '../../commands/feedPageCache';
import { loadFollowingFeed } from '../../commands/followingFeed';
import { loadReportFeed } from '../../commands/reportFeedLoader';
import { prepareReportImages, runReportWrite, type PreparedReportImages } from '../../commands/reportImages';
import { recordDisclosure, type RequestSource } from '../../commands/disclosureRecords';
import { assertImageNotBlocked } from '../../commands/reuploadGuard';
import { requestSource } from '../../middlewares/clientAddress';
import type { Models } from '../../models';
import type { Transaction } from 'sequelize';
import { authorInclude, loadReportDetail, loadReportDetailFor } from '../../commands/reportLoader';
import { updateReport } from '../../commands/reportUpdater';
import { notFound, validationError } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { Report } from '../../models';
import { authorizeRelation } from '../../policies/relations';
import { authorizeReport } from '../../policies/report';
import type { Viewer } from '../../policies/viewer';
import { presentMyReport, presentReport, presentReportListItem } from '../../presenters/report';
import type { AppServices } from '../../services';
import { Op } from 'sequelize';
import { listedAuthorInclude, listedOrFollowedWhere, loadRelationTo, reportFacts, reportShownInListsWhere } from '../../visibility';

/**
 * Play reports. Reading needs a signed-in member too: the content is for adults who attested their age
 * at sign-up. Writes are multipart (docs/product.md §7) and only the author may change a report.
 */
export function reportHandlers(services: AppServices): EndpointHandlers<KeysOf<'reports'>> {
  const { models, storage } = services;

  async function presentFresh(reportId: number, viewer: Viewer): Promise<ReportDetail> {
    const report: Report | null = await loadReportDetail(models, reportId);
    if (!report) throw notFound(TEXTS.report.notFound);
    return presentReport(report, { viewer, storage });
  }

  /**
   * The feed's pages, shared for a moment between members; private filters stay per request.
   * What is kept lives in the app's caches: this is only their reader.
   */
  const feedCache = createFeedPageCache(services.sequelize, services.caches);

  return {
    'reports.feed': async ({ user, query }) => {
      const viewer = { id: user.id, now: new Date() };
      const { sort } = query;
      // フォロー中 is the member's own list: never a shared page.
      const page =
        sort === 'following'
          ? await loadFollowingFeed(services.sequelize, { lastKey: query.lastKey, limit: query.limit, viewer })
          : await loadReportFeed({ sequelize: services.sequelize, feedCache }, { ...query, sort, viewer });
      return { data: page.reports.map((report) => presentReportListItem(report, { viewer: user, storage })), nextKey: page.nextKey, hasMore: page.hasMore };
    },

    'reports.mine': async ({ user }) => {
      const reports = await models.Report.findAll({
        where: { authorId: user.id },
        include: [authorInclude(models)],
        order: [['createdAt', 'DESC'], ['id', 'DESC']],
      });
      return reports.map((report) => presentMyReport(report, { viewer: user, storage }));
    },

    'reports.byMember': async ({ user, query }) => {
      const member = await models.User.findOne({ where: { publicId: query.publicId }, attributes: ['id'] });
      if (!member) throw notFound(TEXTS.profile.memberNotFound);
      // Blocked by them: the same 404 as nobody. Blocking or muting them: an empty list (their profile
      // stays reachable, to lift the block or mute there); muted words apply as in every list.
      const relation = await loadRelationTo(services.sequelize, user.id, member.id, new Date());
      if (relation.blockedBy) throw notFound(TEXTS.profile.memberNotFound);
      const reports = await models.Report.findAll({
        // Listed reports, and their フォロワーのみ ones when the viewer is an approved follower.
        where: { authorId: member.id, [Op.and]: [listedOrFollowedWhere(user, '`Report`'), reportShownInListsWhere(services.sequelize, user.id, new Date(), '`Report`')] },
        include: [listedAuthorInclude(authorInclude(models))],
        order: [['createdAt', 'DESC'], ['id', 'DESC']],
      });
      return reports.map((report) => presentReportListItem(report, { viewer: user, storage }));
    },

    'reports.get': async ({ user, params }) => {
      // The report, its lists and the relation with its author in two statements (loadReportDetailFor).
      const loaded = await loadReportDetailFor(models, params.id, user.id);
      if (!loaded) throw notFound(TEXTS.report.notFound);
      authorizeReport(user, 'read', reportFacts(loaded.report));
      authorizeRelation(user, loaded.report.authorId, loaded.relation, TEXTS.report.notFound);
      return presentReport(loaded.report, { viewer: user, storage });
    },

    'reports.create': async ({ ctx, user, body, files }) => {
      // Cheap refusals first: the image is decoded only for a request that can succeed.
      await assertHasProfile(models, user.id);
      assertImageAttested(files.mainImage, body);
      const images = await prepared(files.mainImage);
      if (images?.hash) await assertImageNotBlocked(services, { uploader: user, hash: images.hash });
      const source = requestSource(ctx);
      const { report } = await runReportWrite(services, images, async (transaction) => {
        const created = await createReport(models, { authorId: user.id, input: body, images }, { transaction });
        await recordDisclosure(models, { kind: 'report', targetId: created.report.id, member: user, source }, { transaction });
        await recordImageUpload(models, images, created.report.id, user, source, transaction);
        return created;
      });
      return { message: TEXTS.report.created, report: await presentFresh(report.id, user) };
    },

    'reports.update': async ({ ctx, user, params, body, files }) => {
      const current = await loadReportDetail(models, params.id);
      if (!current) throw notFound(TEXTS.report.notFound);
      authorizeReport(user, 'update', reportFacts(current));
      assertImageAttested(files.mainImage, body);
      const images = await prepared(files.mainImage);
      if (images?.hash) await assertImageNotBlocked(services, { uploader: user, hash: images.hash });
      const source = requestSource(ctx);
      await runReportWrite(services, images, async (transaction) => {
        const updated = await updateReport(models, { viewer: user, reportId: params.id, input: body, images }, { transaction });
        await recordImageUpload(models, images, params.id, user, source, transaction);
        return updated;
      });
      return { message: TEXTS.report.updated, report: await presentFresh(params.id, user) };
    },

    'reports.image': async ({ user, params }) => {
      // The same checks as reading the report: whoever may read it may see its image when they ask.
      const loaded = await loadReportDetailFor(models, params.id, user.id);
      if (!loaded) throw notFound(TEXTS.report.notFound);
      const { report } = loaded;
      authorizeReport(user, 'read', reportFacts(report));
      authorizeRelation(user, report.authorId, loaded.relation, TEXTS.report.notFound);
      if (!report.mainImageKey && !report.thumbnailKey) throw notFound(TEXTS.image.noImage);
      return {
        mainImageUrl: report.mainImageKey ? storage.url(report.mainImageKey) : null,
        thumbnailUrl: report.thumbnailKey ? storage.url(report.thumbnailKey) : null,
      };
    },

    'reports.remove': async ({ user, params }) => {
      await runReportWrite(services, null, (transaction) => deleteReport(models, { viewer: user, reportId: params.id }, { transaction }));
      return { message: TEXTS.report.deleted };
    },
  };
}

/**
 * Issue 19: a new image comes with both attestations (everyone shown consented; what the law forbids is
 * mosaicked), or it is refused before anything is decoded or stored. The time is kept with the image.
 */
function assertImageAttested(image: Buffer | null, body: { imageConsent: boolean; imageMosaic: boolean }): void {
  if (image && !(body.imageConsent && body.imageMosaic)) {
    throw validationError(TEXTS.image.attestationRequired, { mainImage: TEXTS.image.attestationRequired });
  }
}

/** Issue 38: a new image's upload is a disclosure record of its own (an edit's text is not). */
async function recordImageUpload(
  models: Pick<Models, 'DisclosureRecord'>,
  images: PreparedReportImages | null,
  reportId: number,
  member: { id: number; publicId: string },
  source: RequestSource,
  transaction: Transaction,
): Promise<void> {
  if (images) await recordDisclosure(models, { kind: 'image', targetId: reportId, member, source }, { transaction });
}

function prepared(image: Buffer | null) {
  return image ? prepareReportImages(image) : Promise.resolve(null);
}
