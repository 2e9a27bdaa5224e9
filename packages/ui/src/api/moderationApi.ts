import type {
  AuditLogPage,
  CommentReportQueuePage,
  CommentReportStatus,
  CommentResolutionAction,
  CommentResolutionResponse,
  MemberModerationResponse,
  MemberSearchResponse,
  ModerationRole,
  ReportModerationResponse,
} from '@hiraku/shared';
import type { ApiClient } from './apiClient';

const enc = (value: string | number) => encodeURIComponent(String(value));

/**
 * The operators' moderation calls (/api/moderation). Built from the shared client by the screens that
 * need it, not by createApi, so none of it reaches a member's first page.
 */
export function createModerationApi(client: ApiClient) {
  return {
    queue: (status: CommentReportStatus, cursor: string | null, signal?: AbortSignal) =>
      client.get<CommentReportQueuePage>('/api/moderation/comment-reports', { query: { status, cursor }, signal }),
    resolve: (commentId: number, action: CommentResolutionAction, reason: string) =>
      client.post<CommentResolutionResponse>(`/api/moderation/comment-reports/${enc(commentId)}/resolve`, { action, reason }),
    setReportHidden: (reportId: number, hidden: boolean, reason: string) =>
      client.post<ReportModerationResponse>(`/api/moderation/reports/${enc(reportId)}/${hidden ? 'hide' : 'unhide'}`, { reason }),
    searchMembers: (query: string, signal?: AbortSignal) => client.get<MemberSearchResponse>('/api/moderation/users', { query: { query }, signal }),
    suspend: (publicId: string, reason: string, until: string | null) =>
      client.post<MemberModerationResponse>(`/api/moderation/users/${enc(publicId)}/suspend`, { reason, until }),
    unsuspend: (publicId: string, reason: string) => client.post<MemberModerationResponse>(`/api/moderation/users/${enc(publicId)}/unsuspend`, { reason }),
    setRole: (publicId: string, role: ModerationRole, reason: string) =>
      client.post<MemberModerationResponse>(`/api/moderation/users/${enc(publicId)}/role`, { role, reason }),
    auditLog: (filter: { actor: string; action: string }, cursor: string | null, signal?: AbortSignal) =>
      client.get<AuditLogPage>('/api/moderation/audit-log', { query: { actor: filter.actor, action: filter.action, cursor }, signal }),
  };
}

export type ModerationApi = ReturnType<typeof createModerationApi>;
