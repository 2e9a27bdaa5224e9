import type { ReportSearchQuery, ReportSearchResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

/** GET /api/reports/search/advanced: keywords, tag filters (null: not used), sort, and offset paging. */
export function createSearchApi(client: ApiClient) {
  return {
    reports: ({ query, sort, gender, sexualOrientation, role, playCategory, playContent, limit, offset }: ReportSearchQuery, signal?: AbortSignal) =>
      client.get<ReportSearchResponse>('/api/reports/search/advanced', {
        query: { query, sort, gender, sexualOrientation, role, playCategory, playContent, limit, offset },
        signal,
      }),
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;
