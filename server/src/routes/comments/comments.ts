import { TEXTS } from '@hiraku/shared';
import { createComment } from '../../commands/commentCreator';
import { recordDisclosure } from '../../commands/disclosureRecords';
import { requestSource } from '../../middlewares/clientAddress';
import { deleteComment } from '../../commands/commentDeleter';
import { reportComment } from '../../commands/commentReporter';
import { authorInclude } from '../../commands/reportLoader';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { authorizeBetween } from '../../policies/relations';
import { authorizeReport } from '../../policies/report';
import { presentComment } from '../../presenters/comment';
import type { AppServices } from '../../services';
import { Op } from 'sequelize';
import { loadMutedWords, memberShownWhere, reportFacts, withViewerFollow, visibleCommentsWhere } from '../../visibility';
import { writeTransaction } from '../../db/transaction';

/** Comments on reports: signed-in members post, authors delete their own, anyone else may report one. */
export function commentHandlers(services: AppServices): EndpointHandlers<KeysOf<'comments'>> {
  const { models, storage } = services;
  return {
    'comments.list': async ({ user, query }) => {
      const report = await models.Report.findByPk(query.articleId, { include: [{ model: models.User, as: 'author', attributes: ['id', 'suspendedAt'] }] });
      if (!report) throw notFound(TEXTS.report.notFound);
      authorizeReport(user, 'read', reportFacts(await withViewerFollow(services.sequelize, user, report)));
      const now = new Date();
      await authorizeBetween(services.sequelize, user, report.authorId, TEXTS.report.notFound);
      const mutedWords = await loadMutedWords(services.sequelize, user.id, now);
      const comments = await models.Comment.findAll({
        // Comments of members hidden from the viewer (blocked either way, muted) are left out; one's own stay.
        where: {
          reportId: query.articleId,
          ...visibleCommentsWhere(user),
          [Op.and]: [{ [Op.or]: [{ authorId: user.id }, memberShownWhere(services.sequelize, user.id, now, '`Comment`.`author_id`')] }],
        },
        include: [{ ...authorInclude(models), required: true }],
        order: [['createdAt', 'DESC'], ['id', 'DESC']],
      });
      return comments.map((comment) => presentComment(comment, { viewer: user, storage, mutedWords }));
    },

    'comments.create': async ({ ctx, user, body }) => {
      const { comment, authorProfile } = await writeTransaction(services.sequelize, async (transaction) => {
        const created = await createComment(services, { viewer: user, input: body }, { transaction });
        // Issue 38: where it was posted from, for 発信者情報開示.
        await recordDisclosure(services.models, { kind: 'comment', targetId: created.comment.id, member: user, source: requestSource(ctx) }, { transaction });
        return created;
      });
      // The author is the member of this request, who has a session and so is not suspended.
      const author = { publicId: user.publicId, suspendedAt: null, profile: authorProfile };
      return presentComment({ ...comment.get({ plain: true }), author }, { viewer: user, storage });
    },

    'comments.remove': async ({ user, params }) => {
      await writeTransaction(services.sequelize, (transaction) => deleteComment(services, { viewer: user, commentId: params.id }, { transaction }));
      return { message: TEXTS.comment.deleted };
    },

    'comments.report': async ({ user, params, body }) => {
      // A second report by the same member is accepted and changes nothing (docs/decisions.md): same answer.
      await writeTransaction(services.sequelize, (transaction) =>
        reportComment(services, { viewer: user, commentId: params.id, reason: body.reason }, { transaction }),
      );
      return { message: TEXTS.comment.reported };
    },
  };
}
