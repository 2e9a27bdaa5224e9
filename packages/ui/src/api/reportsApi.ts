import {
  LIMITS,
  type MyReportListItem,
  type ReportDeleteResponse,
  type ReportDetail,
  type ReportListItem,
  type ReportMutationResponse,
  type ReportPage,
  type SortOption,
} from '@hiraku/shared';
import type { ApiClient } from './apiClient';
import type { UploadProgress } from './transport';

export interface ReportSaveOptions {
  /** Reports how much of the multipart body (the image, mostly) has been sent. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

const reportPath = (id: number | string) => `/api/reports/${encodeURIComponent(String(id))}`;

/** Play reports (SPEC.md section 7). Writes are multipart: build the body with reportFormEntries(). */
export function createReportsApi(client: ApiClient) {
  return {
    /** One page of the /reports feed; pass the previous page's nextKey as lastKey. */
    feed: ({ sort, lastKey, limit = LIMITS.pageSize, signal }: { sort: SortOption; lastKey?: string | null; limit?: number; signal?: AbortSignal }) =>
      client.get<ReportPage>('/api/reports/infinite', { query: { sort, lastKey: lastKey ?? undefined, limit }, signal }),
    mine: (signal?: AbortSignal) => client.get<MyReportListItem[]>('/api/reports/my-reports', { signal }),
    byMember: (publicId: string, signal?: AbortSignal) => client.get<ReportListItem[]>('/api/reports', { query: { publicId }, signal }),
    get: (id: number | string, signal?: AbortSignal) => client.get<ReportDetail>(reportPath(id), { signal }),
    // No time limit: a large image on a slow line takes longer than 15 s, and the form shows progress instead.
    create: (body: FormData, { onUploadProgress }: ReportSaveOptions = {}) =>
      client.post<ReportMutationResponse>('/api/reports', body, { onUploadProgress, timeoutMs: null }),
    update: (id: number | string, body: FormData, { onUploadProgress }: ReportSaveOptions = {}) =>
      client.put<ReportMutationResponse>(reportPath(id), body, { onUploadProgress, timeoutMs: null }),
    remove: (id: number | string) => client.delete<ReportDeleteResponse>(reportPath(id)),
  };
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
