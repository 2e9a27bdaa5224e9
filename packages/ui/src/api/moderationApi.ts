import type { AuditAction, BulkCaseAction, CaseDecision, CaseQuery, FlagCategory, ModerationRole, NoticeTemplateInput } from '@hiraku/shared';

/** The case queue's filters, as its screen holds them. */
export interface CaseFilters {
  status: CaseQuery['status'];
  type: NonNullable<CaseQuery['type']> | '';
  category: NonNullable<CaseQuery['category']> | '';
  claimed: NonNullable<CaseQuery['claimed']> | '';
  overdue: boolean;
}

/** The enquiry list's filter, as GET /api/moderation/enquiries names it. */
export type EnquiryStatus = 'open' | 'handled' | 'all';
import type { ApiClient } from './apiClient';
import { createEndpointCaller } from './endpointClient';

/**
 * The operators' moderation calls (/api/moderation), typed by the endpoint map. Built from the shared
 * client by the screens that need it, not by createApi, so none of it reaches a member's first page.
 */
export function createModerationApi(client: ApiClient) {
  const call = createEndpointCaller(client);
  return {
    /** The case queue: `filters` as the query string names them ('' for all). */
    cases: (filters: CaseFilters, cursor: string | null, signal?: AbortSignal) =>
      call('moderation.cases', { query: { ...filters, overdue: filters.overdue ? 'true' : '', cursor: cursor ?? undefined } }, { signal }),
    caseCounts: () => call('moderation.caseCounts', {}),
    claimCase: (id: number, claim: boolean) => call(claim ? 'moderation.claimCase' : 'moderation.releaseCase', { params: { id } }),
    noteCase: (id: number, text: string) => call('moderation.caseNote', { params: { id }, body: { text } }),
    /** Notice templates. */
    createNoticeTemplate: (input: NoticeTemplateInput) => call('noticeTemplates.create', { body: input }),
    updateNoticeTemplate: (id: number, input: NoticeTemplateInput) => call('noticeTemplates.update', { params: { id }, body: input }),
    removeNoticeTemplate: (id: number) => call('noticeTemplates.remove', { params: { id } }),
    previewNoticeTemplate: (body: string, category: FlagCategory | null) => call('noticeTemplates.preview', { body: { body, category } }),
    /** 要相談: ask the admins to look at the case. */
    escalateCase: (id: number, reason: string) => call('moderation.escalateCase', { params: { id }, body: { reason } }),
    /** Takes 要相談 back: the operator who escalated, or an admin. */
    withdrawEscalation: (id: number) => call('moderation.withdrawEscalation', { params: { id } }),
    resolveCase: (id: number, action: CaseDecision, reason: string) => call('moderation.resolveCase', { params: { id }, body: { action, reason } }),
    bulkResolve: (ids: number[], action: BulkCaseAction, reason: string) => call('moderation.bulkResolveCases', { body: { ids, action, reason } }),
    memberHistory: (publicId: string, signal?: AbortSignal) => call('moderation.memberHistory', { params: { publicId } }, { signal }),
    /** Issue 35: `established` lifts the new members' stage, `new` puts the member back to it. */
    setMemberStage: (publicId: string, stage: 'new' | 'established', reason: string) => call('moderation.memberStage', { params: { publicId }, body: { stage, reason } }),
    setReportHidden: (id: number, hidden: boolean, reason: string) =>
      call(hidden ? 'moderation.hideReport' : 'moderation.unhideReport', { params: { id }, body: { reason } }),
    suspend: (publicId: string, reason: string, until: string | null) =>
      call('moderation.suspendMember', { params: { publicId }, body: { reason, until } }),
    unsuspend: (publicId: string, reason: string) => call('moderation.unsuspendMember', { params: { publicId }, body: { reason } }),
    setRole: (publicId: string, role: ModerationRole, reason: string) =>
      call('moderation.changeRole', { params: { publicId }, body: { role, reason } }),
    auditLog: (filter: { actor: string; action: AuditAction | '' }, cursor: string | null, signal?: AbortSignal) =>
      call('moderation.auditLog', { query: { actor: filter.actor, action: filter.action, cursor: cursor ?? undefined } }, { signal }),
    /** `before`: the previous page's `nextBefore` (an enquiry id), null for the newest. */
    enquiries: (status: EnquiryStatus, before: number | null, signal?: AbortSignal) =>
      call('enquiries.list', { query: { status, before: before ?? undefined } }, { signal }),
    setEnquiryHandled: (id: number, handled: boolean) => call('enquiries.setHandled', { params: { id }, body: { handled } }),
  };
}

export type ModerationApi = ReturnType<typeof createModerationApi>;
