import type { AuditLogEntry, CommentReportQueueItem, ModeratedMember } from '@hiraku/shared';
import type { MemberCounts } from '../commands/moderation/memberDirectory';
import type { CommentQueueEntry } from '../commands/moderation/commentReportQueue';
import type { AuditLog, User } from '../models';

/** The fields of a member that operators see: never the e-mail address or anything about the password. */
export function presentModeratedMember(member: User, counts: MemberCounts): ModeratedMember {
  return {
    publicId: member.publicId,
    username: member.profile?.username ?? null,
    role: member.role,
    suspendedAt: member.suspendedAt?.toISOString() ?? null,
    suspendedUntil: member.suspendedAt ? (member.suspendedUntil?.toISOString() ?? null) : null,
    reportCount: counts.reportCount,
    commentCount: counts.commentCount,
    createdAt: member.createdAt.toISOString(),
  };
}

/** An entry of loadCommentReportQueue: its flags are the comment's "reports". */
export function presentQueueItem({ comment, status, flags: reports, resolution }: CommentQueueEntry): CommentReportQueueItem {
  return {
    status,
    comment: {
      id: comment.id,
      text: comment.text,
      createdAt: comment.createdAt.toISOString(),
      isHidden: comment.hiddenAt !== null,
      isDeleted: comment.deletedAt !== null,
    },
    author: {
      publicId: comment.author?.publicId ?? '',
      username: comment.author?.profile?.username ?? null,
      suspended: comment.author ? comment.author.suspendedAt !== null : false,
    },
    report: { id: comment.reportId, title: comment.report?.title ?? '' },
    reports: reports.map((entry) => ({
      reporterPublicId: entry.flagger?.publicId ?? '',
      reportedAt: entry.createdAt.toISOString(),
      reason: entry.note,
      resolvedAt: entry.resolvedAt?.toISOString() ?? null,
      resolution: entry.resolvedAt === null ? null : resolution,
    })),
    reporterCount: new Set(reports.map((entry) => entry.flaggerId)).size,
  };
}

export function presentAuditEntry(entry: AuditLog, name: { label: string | null; path: string | null } = { label: null, path: null }): AuditLogEntry {
  return {
    id: entry.id,
    action: entry.action,
    actor: entry.actor ? { publicId: entry.actor.publicId, username: entry.actor.profile?.username ?? null } : null,
    target: { type: entry.targetType, id: entry.targetId, label: name.label, path: name.path },
    reason: entry.reason,
    details: entry.details,
    createdAt: entry.createdAt.toISOString(),
  };
}
