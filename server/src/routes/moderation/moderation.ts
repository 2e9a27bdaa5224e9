import Router from '@koa/router';
import {
  MODERATION_MESSAGES,
  auditLogQuerySchema,
  commentReportQueueQuerySchema,
  memberSearchQuerySchema,
  moderationReasonInputSchema,
  parseRouteId,
  resolveCommentInputSchema,
  roleChangeInputSchema,
  suspendMemberInputSchema,
  type AuditLogPage,
  type CommentReportQueuePage,
  type CommentResolutionResponse,
  type MemberModerationResponse,
  type MemberSearchResponse,
  type ReportModerationResponse,
} from '@hiraku/shared';
import type { Context } from 'koa';
import { loadAuditLog } from '../../commands/moderation/auditLogReader';
import { loadCommentReportQueue, loadQueueItem } from '../../commands/moderation/commentReportQueue';
import { resolveCommentReports } from '../../commands/moderation/commentReportResolver';
import { loadMembersWithCounts, searchMembers } from '../../commands/moderation/memberDirectory';
import { suspendMember, unsuspendMember, type MemberOutcome } from '../../commands/moderation/memberSuspender';
import { setReportHidden } from '../../commands/moderation/reportHider';
import { changeRole } from '../../commands/moderation/roleChanger';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { operatorOnly, requireOperator } from '../../middlewares/authenticate';
import { presentAuditEntry, presentModeratedMember, presentQueueItem } from '../../presenters/moderation';
import type { AppServices } from '../../services';

/**
 * /api/moderation/*: the operators' side (issue 9). Operators only, for every route, in one place: the
 * router's own middleware (a member gets 403, an anonymous caller 401). Each action runs one command in
 * one transaction, which writes its audit row and search outbox rows with the change.
 */
export function moderationRoutes(services: AppServices): Router {
  const { models, sequelize } = services;
  const router = new Router({ prefix: '/moderation' });
  router.use(operatorOnly);

  router.get('/comment-reports', async (ctx) => {
    const query = parseInput(commentReportQueueQuerySchema, ctx.query);
    const page = await loadCommentReportQueue(services, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      items: page.comments.map(({ comment, status }) => presentQueueItem(comment, status)),
      nextCursor: page.nextCursor,
      pendingCount: page.pendingCount,
    } satisfies CommentReportQueuePage;
  });

  router.post('/comment-reports/:commentId/resolve', async (ctx) => {
    const actor = requireOperator(ctx);
    const commentId = parseRouteId(ctx.params.commentId);
    if (commentId === null) throw notFound(MODERATION_MESSAGES.commentNotFound);
    const { action, reason } = parseInput(resolveCommentInputSchema, ctx.request.body);
    const { changed } = await sequelize.transaction((transaction) => resolveCommentReports(services, { actor, commentId, action, reason }, { transaction }));
    const item = await loadQueueItem(models, commentId);
    if (!item) throw notFound(MODERATION_MESSAGES.commentNotFound);
    const message = !changed
      ? MODERATION_MESSAGES.commentAlreadyResolved
      : action === 'dismiss'
        ? MODERATION_MESSAGES.commentDismissed
        : action === 'delete'
          ? MODERATION_MESSAGES.commentDeleted
          : MODERATION_MESSAGES.commentDeletedAndSuspended;
    ctx.body = { message, changed, item: presentQueueItem(item.comment, item.status) } satisfies CommentResolutionResponse;
  });

  for (const hidden of [true, false]) {
    router.post(`/reports/:id/${hidden ? 'hide' : 'unhide'}`, async (ctx) => {
      const actor = requireOperator(ctx);
      const reportId = parseRouteId(ctx.params.id);
      if (reportId === null) throw notFound(MODERATION_MESSAGES.reportNotFound);
      const { reason } = parseInput(moderationReasonInputSchema, ctx.request.body);
      const { changed, report } = await sequelize.transaction((transaction) => setReportHidden(services, { actor, reportId, hidden, reason }, { transaction }));
      const message = hidden
        ? changed ? MODERATION_MESSAGES.reportHidden : MODERATION_MESSAGES.reportAlreadyHidden
        : changed ? MODERATION_MESSAGES.reportUnhidden : MODERATION_MESSAGES.reportAlreadyShown;
      ctx.body = { message, changed, report: { id: report.id, isHidden: report.hiddenAt !== null } } satisfies ReportModerationResponse;
    });
  }

  router.post('/users/:publicId/suspend', async (ctx) => {
    const actor = requireOperator(ctx);
    const publicId = memberParam(ctx);
    const { reason, until } = parseInput(suspendMemberInputSchema, ctx.request.body);
    const outcome = await sequelize.transaction((transaction) => suspendMember(services, { actor, publicId, reason, until }, { transaction }));
    const message = !outcome.changed
      ? MODERATION_MESSAGES.memberAlreadySuspended
      : MODERATION_MESSAGES.memberSuspended;
    ctx.body = await memberResponse(outcome, message);
  });

  router.post('/users/:publicId/unsuspend', async (ctx) => {
    const actor = requireOperator(ctx);
    const publicId = memberParam(ctx);
    const { reason } = parseInput(moderationReasonInputSchema, ctx.request.body);
    const outcome = await sequelize.transaction((transaction) => unsuspendMember(services, { actor, publicId, reason }, { transaction }));
    ctx.body = await memberResponse(outcome, outcome.changed ? MODERATION_MESSAGES.memberUnsuspended : MODERATION_MESSAGES.memberNotSuspended);
  });

  router.post('/users/:publicId/role', async (ctx) => {
    const actor = requireOperator(ctx);
    const publicId = memberParam(ctx);
    const { role, reason } = parseInput(roleChangeInputSchema, ctx.request.body);
    const outcome = await sequelize.transaction((transaction) => changeRole(models, { actor, publicId, role, reason }, { transaction }));
    ctx.body = await memberResponse(outcome, outcome.changed ? MODERATION_MESSAGES.roleChanged : MODERATION_MESSAGES.roleUnchanged);
  });

  router.get('/users', async (ctx) => {
    const { query } = parseInput(memberSearchQuerySchema, ctx.query);
    const found = await searchMembers(services, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { members: found.map(({ member, counts }) => presentModeratedMember(member, counts)) } satisfies MemberSearchResponse;
  });

  router.get('/audit-log', async (ctx) => {
    const query = parseInput(auditLogQuerySchema, ctx.query);
    const page = await loadAuditLog(models, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { entries: page.entries.map(presentAuditEntry), nextCursor: page.nextCursor } satisfies AuditLogPage;
  });

  /** The member as the screen shows them after an action, read after the commit. */
  async function memberResponse(outcome: MemberOutcome, message: string): Promise<MemberModerationResponse> {
    const [loaded] = await loadMembersWithCounts(services, [outcome.member.id]);
    if (!loaded) throw notFound(MODERATION_MESSAGES.memberNotFound);
    return { message, changed: outcome.changed, member: presentModeratedMember(loaded.member, loaded.counts) };
  }

  return router;
}

function memberParam(ctx: Context): string {
  const publicId = typeof ctx.params.publicId === 'string' ? ctx.params.publicId : '';
  if (publicId === '' || publicId.length > 64) throw notFound(MODERATION_MESSAGES.memberNotFound);
  return publicId;
}
