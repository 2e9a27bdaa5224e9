import type { PopularKeywordsResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

export function createKeywordsApi(client: ApiClient) {
  return {
    popular: (signal?: AbortSignal) => client.get<PopularKeywordsResponse>('/api/keywords/popular', { signal }),
  };
}

export type KeywordsApi = ReturnType<typeof createKeywordsApi>;
