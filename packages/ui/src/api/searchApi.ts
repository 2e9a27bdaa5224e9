import type { ReportSearchQuery } from '@hiraku/shared';
import type { EndpointCaller } from './endpointClient';

/** GET /api/reports/search/advanced: keywords, tag filters (null: not used), sort, and offset paging. */
export function createSearchApi(call: EndpointCaller) {
  return {
    reports: ({ query, sort, gender, sexualOrientation, role, playCategory, playContent, limit, offset }: ReportSearchQuery, signal?: AbortSignal) =>
      call('search.reports', { query: { query, sort, gender, sexualOrientation, role, playCategory, playContent, limit, offset } }, { signal }),
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;
