import type { AuditLogEntry, ModeratedMember } from '@hiraku/shared';
import type { MemberCounts } from './memberDirectory';
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
