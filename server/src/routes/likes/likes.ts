import { TEXTS } from '@hiraku/shared';
import { Op } from 'sequelize';
import { toggleLike } from '../../commands/likeToggler';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { authorizeBetween } from '../../policies/relations';
import { authorizeReport } from '../../policies/report';
import type { AppServices } from '../../services';
import { LISTED_REPORT, listedAuthorOnly, notBlockedEitherWayWhere, reportFacts, withViewerFollow } from '../../visibility';
import { writeTransaction } from '../../db/transaction';

/** Likes: one per member and report, never on one's own report, counted exactly under concurrency. */
export function likeHandlers(services: AppServices): EndpointHandlers<KeysOf<'likes'>> {
  const { models } = services;
  return {
    'likes.counts': async ({ user, query }) => {
      const reports = await models.Report.findAll({
        where: {
          ...LISTED_REPORT,
          ...(query.ids ? { id: { [Op.in]: query.ids } } : {}),
          // Nothing of a member who blocked the caller, nor of one the caller blocks.
          [Op.and]: [notBlockedEitherWayWhere(services.sequelize, user.id, new Date(), '`Report`.`author_id`')],
        },
        include: [listedAuthorOnly(models)],
        attributes: ['id', 'likeCount'],
        order: [['id', 'ASC']],
      });
      return Object.fromEntries(reports.map((report) => [String(report.id), report.likeCount]));
    },

    'likes.get': async ({ user, params }) => {
      const report = await models.Report.findByPk(params.reportId, { include: [{ model: models.User, as: 'author', attributes: ['id', 'suspendedAt'] }] });
      if (!report) throw notFound(TEXTS.like.notFound);
      authorizeReport(user, 'read', reportFacts(await withViewerFollow(services.sequelize, user, report)));
      await authorizeBetween(services.sequelize, user, report.authorId, TEXTS.like.notFound);
      const mine = await models.Like.findOne({ where: { reportId: report.id, userId: user.id }, attributes: ['reportId'] });
      return { likeCount: report.likeCount, isLiked: mine !== null };
    },

    'likes.toggle': ({ user, params, body }) =>
      writeTransaction(services.sequelize, (transaction) => toggleLike(services, { viewer: user, reportId: params.reportId, liked: body.liked }, { transaction })),
  };
}
