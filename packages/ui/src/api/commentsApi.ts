import type { CommentItem, CommentMessageResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

const commentPath = (id: number) => `/api/comments/${encodeURIComponent(String(id))}`;

export function createCommentsApi(client: ApiClient) {
  return {
    /** Newest first. */
    list: (articleId: number, signal?: AbortSignal) => client.get<CommentItem[]>('/api/comments', { query: { articleId }, signal }),
    post: (articleId: number, text: string) => client.post<CommentItem>('/api/comments', { articleId, text }),
    remove: (id: number) => client.delete<CommentMessageResponse>(commentPath(id)),
    report: (id: number) => client.post<CommentMessageResponse>(`${commentPath(id)}/report`),
  };
}

export type CommentsApi = ReturnType<typeof createCommentsApi>;
