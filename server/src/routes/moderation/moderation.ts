import { TEXTS, type MemberModerationResponse } from '@hiraku/shared';
import { loadAuditLog } from '../../commands/moderation/auditLogReader';
import { loadCommentReportQueue, loadQueueItem } from '../../commands/moderation/commentReportQueue';
import { resolveCommentReports } from '../../commands/moderation/commentReportResolver';
import { loadMembersWithCounts, searchMembers } from '../../commands/moderation/memberDirectory';
import { suspendMember, unsuspendMember, type MemberOutcome } from '../../commands/moderation/memberSuspender';
import { setReportHidden } from '../../commands/moderation/reportHider';
import { changeRole } from '../../commands/moderation/roleChanger';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { presentAuditEntry, presentModeratedMember, presentQueueItem } from '../../presenters/moderation';
import type { AppServices } from '../../services';
import { writeTransaction } from '../../db/transaction';

const RESOLVED_MESSAGE = { dismiss: TEXTS.moderation.commentDismissed, delete: TEXTS.comment.deleted, suspend: TEXTS.moderation.commentDeletedAndSuspended } as const;

/**
 * /api/moderation/*: the operators' side (issue 9). The endpoint map declares every one `operator`, so
 * access is enforced before these run. Each action is one command in one transaction, which writes its
 * audit row and search outbox rows with the change; the answer is read after the commit.
 */
export function moderationHandlers(services: AppServices): EndpointHandlers<KeysOf<'moderation'>> {
  const { models, sequelize } = services;

  /** The member as the screen shows them after an action. */
  async function memberResponse(outcome: MemberOutcome, message: string): Promise<MemberModerationResponse> {
    const [loaded] = await loadMembersWithCounts(services, [outcome.member.id]);
    if (!loaded) throw notFound(TEXTS.profile.memberNotFound);
    return { message, changed: outcome.changed, member: presentModeratedMember(loaded.member, loaded.counts) };
  }

  async function setHidden(actor: Parameters<typeof setReportHidden>[1]['actor'], reportId: number, hidden: boolean, reason: string) {
    const { changed, report } = await writeTransaction(sequelize, (transaction) => setReportHidden(services, { actor, reportId, hidden, reason }, { transaction }));
    const message = hidden ? (changed ? TEXTS.moderation.reportHidden : TEXTS.moderation.reportAlreadyHidden) : changed ? TEXTS.moderation.reportUnhidden : TEXTS.moderation.reportAlreadyShown;
    return { message, changed, report: { id: report.id, isHidden: report.hiddenAt !== null } };
  }

  return {
    'moderation.commentReports': async ({ query }) => {
      const page = await loadCommentReportQueue(services, query);
      return {
        items: page.comments.map(({ comment, status }) => presentQueueItem(comment, status)),
        nextCursor: page.nextCursor,
        pendingCount: page.pendingCount,
      };
    },

    'moderation.resolveCommentReports': async ({ user, params, body }) => {
      const { changed } = await writeTransaction(sequelize, (transaction) =>
        resolveCommentReports(services, { actor: user, commentId: params.commentId, action: body.action, reason: body.reason }, { transaction }),
      );
      const item = await loadQueueItem(models, params.commentId);
      if (!item) throw notFound(TEXTS.comment.notFound);
      return { message: changed ? RESOLVED_MESSAGE[body.action] : TEXTS.moderation.commentAlreadyResolved, changed, item: presentQueueItem(item.comment, item.status) };
    },

    'moderation.hideReport': ({ user, params, body }) => setHidden(user, params.id, true, body.reason),
    'moderation.unhideReport': ({ user, params, body }) => setHidden(user, params.id, false, body.reason),

    'moderation.suspendMember': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, (transaction) =>
        suspendMember(services, { actor: user, publicId: params.publicId, reason: body.reason, until: body.until }, { transaction }),
      );
      return memberResponse(outcome, outcome.changed ? TEXTS.moderation.memberSuspended : TEXTS.moderation.memberAlreadySuspended);
    },

    'moderation.unsuspendMember': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, (transaction) =>
        unsuspendMember(services, { actor: user, publicId: params.publicId, reason: body.reason }, { transaction }),
      );
      return memberResponse(outcome, outcome.changed ? TEXTS.moderation.memberUnsuspended : TEXTS.moderation.memberNotSuspended);
    },

    'moderation.changeRole': async ({ user, params, body }) => {
      const outcome = await writeTransaction(sequelize, (transaction) =>
        changeRole(models, { actor: user, publicId: params.publicId, role: body.role, reason: body.reason }, { transaction }),
      );
      return memberResponse(outcome, outcome.changed ? TEXTS.moderation.roleChanged : TEXTS.moderation.roleUnchanged);
    },

    'moderation.members': async ({ query }) => {
      const found = await searchMembers(services, query.query);
      return { members: found.map(({ member, counts }) => presentModeratedMember(member, counts)) };
    },

    'moderation.auditLog': async ({ query }) => {
      const page = await loadAuditLog(models, query);
      return { entries: page.entries.map(presentAuditEntry), nextCursor: page.nextCursor };
    },
  };
}
