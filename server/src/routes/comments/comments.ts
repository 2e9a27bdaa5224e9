import Router from '@koa/router';
import {
  COMMUNITY_MESSAGES,
  MESSAGES,
  parseRouteId,
  type CommentItem,
  type CommentMessageResponse,
} from '@hiraku/shared';
import type { Context } from 'koa';
import { createComment } from '../../commands/commentCreator';
import { deleteComment } from '../../commands/commentDeleter';
import { reportComment } from '../../commands/commentReporter';
import { authorInclude } from '../../commands/reportLoader';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser, signedIn } from '../../middlewares/authenticate';
import { privateAnswer } from '../reports/privateAnswer';
import { authorizeReport } from '../../policies/report';
import { presentComment } from '../../presenters/comment';
import { reportFacts, visibleCommentsWhere } from '../../visibility';
import type { AppServices } from '../../services';
import { commentInputSchema, commentListQuerySchema, commentReportInputSchema } from './schema';

/** Comments on reports: signed-in members post, authors delete their own, anyone else may report one. */
export function commentRoutes(services: AppServices): Router {
  const { models, storage } = services;
  const router = new Router({ prefix: '/comments' });
  // Per route rather than router.use: another router may serve other paths under the same prefix.
  const signedInOnly = [signedIn, privateAnswer] as const;

  router.get('/', ...signedInOnly, async (ctx) => {
    const viewer = requireUser(ctx);
    const { articleId } = parseInput(commentListQuerySchema, ctx.query);
    const report = await models.Report.findByPk(articleId, { include: [{ model: models.User, as: 'author', attributes: ['id', 'suspendedAt'] }] });
    if (!report) throw notFound(MESSAGES.report.notFound);
    authorizeReport(viewer, 'read', reportFacts(report));
    const comments = await models.Comment.findAll({
      where: { reportId: articleId, ...visibleCommentsWhere(viewer) },
      include: [{ ...authorInclude(models), required: true }],
      order: [['createdAt', 'DESC'], ['id', 'DESC']],
    });
    ctx.body = comments.map((comment) => presentComment(comment, { viewer, storage })) satisfies CommentItem[];
  });

  router.post('/', ...signedInOnly, async (ctx) => {
    const viewer = requireUser(ctx);
    const input = parseInput(commentInputSchema, ctx.request.body);
    const created = await services.sequelize.transaction((transaction) => createComment(services, { viewer, input }, { transaction }));
    const comment = await models.Comment.findByPk(created.id, { include: [authorInclude(models)] });
    if (!comment) throw notFound(COMMUNITY_MESSAGES.comment.notFound);
    ctx.status = 201;
    ctx.body = presentComment(comment, { viewer, storage }) satisfies CommentItem;
  });

  router.delete('/:id', ...signedInOnly, async (ctx) => {
    const viewer = requireUser(ctx);
    const commentId = routeId(ctx);
    await services.sequelize.transaction((transaction) => deleteComment(services, { viewer, commentId }, { transaction }));
    ctx.body = { message: COMMUNITY_MESSAGES.comment.deleted } satisfies CommentMessageResponse;
  });

  router.post('/:id/report', ...signedInOnly, async (ctx) => {
    const viewer = requireUser(ctx);
    const commentId = routeId(ctx);
    const { reason } = parseInput(commentReportInputSchema, ctx.request.body);
    // A second report by the same member is accepted and changes nothing (DECISIONS.md): same answer.
    await services.sequelize.transaction((transaction) => reportComment(services, { viewer, commentId, reason }, { transaction }));
    ctx.body = { message: MESSAGES.comment.reported } satisfies CommentMessageResponse;
  });

  return router;
}

function routeId(ctx: Context): number {
  const id = parseRouteId(ctx.params.id);
  if (id === null) throw notFound(COMMUNITY_MESSAGES.comment.notFound);
  return id;
}
