import type { TagItem, TagPopularityResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

/** The reading side of tags (public), and the popularity bump that follows a report save. */
export function createTaxonomyApi(client: ApiClient) {
  return {
    tags: (signal?: AbortSignal) => client.get<TagItem[]>('/api/tags', { signal }),
    /** newTags: chosen now but not before (+1); oldTags: chosen before but not now (-1). */
    updatePopularity: (newTags: number[], oldTags: number[]) => client.post<TagPopularityResponse>('/api/tags/update-popularity', { newTags, oldTags }),
  };
}

export type TaxonomyApi = ReturnType<typeof createTaxonomyApi>;
