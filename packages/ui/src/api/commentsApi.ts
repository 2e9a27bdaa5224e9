import type { CommentItem, CommentMessageResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

const commentPath = (id: number) => `/api/comments/${encodeURIComponent(String(id))}`;

export function createCommentsApi(client: ApiClient) {
  return {
    /** Newest first. */
    list: (articleId: number, signal?: AbortSignal) => client.get<CommentItem[]>('/api/comments', { query: { articleId }, signal }),
    post: (articleId: number, text: string) => client.post<CommentItem>('/api/comments', { articleId, text }),
    remove: (id: number) => client.delete<CommentMessageResponse>(commentPath(id)),
    /** The reason is optional: operators see it in the queue. */
    report: (id: number, reason: string | null = null) => client.post<CommentMessageResponse>(`${commentPath(id)}/report`, reason ? { reason } : {}),
  };
}

export type CommentsApi = ReturnType<typeof createCommentsApi>;
