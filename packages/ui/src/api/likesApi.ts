import type { LikeInfo, LikeToggleResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

const likePath = (reportId: number | string) => `/api/likes/${encodeURIComponent(String(reportId))}`;

export function createLikesApi(client: ApiClient) {
  return {
    info: (reportId: number | string, signal?: AbortSignal) => client.get<LikeInfo>(likePath(reportId), { signal }),
    /**
     * Asks for the state the member sees the button turn to, so a retried request cannot flip it back;
     * the answer's `liked` and `likeCount` are the truth to show.
     */
    toggle: (reportId: number | string, liked: boolean) => client.post<LikeToggleResponse>(`${likePath(reportId)}/toggle`, { liked }),
  };
}

export type LikesApi = ReturnType<typeof createLikesApi>;
