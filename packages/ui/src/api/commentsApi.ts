import type { EndpointCaller } from './endpointClient';

export function createCommentsApi(call: EndpointCaller) {
  return {
    /** Newest first. */
    list: (articleId: number, signal?: AbortSignal) => call('comments.list', { query: { articleId } }, { signal }),
    post: (articleId: number, text: string) => call('comments.create', { body: { articleId, text } }),
    remove: (id: number) => call('comments.remove', { params: { id } }),
    /** The reason is optional: operators see it in the queue. */
    report: (id: number, reason: string | null = null) => call('comments.report', { params: { id }, body: reason ? { reason } : {} }),
  };
}

export type CommentsApi = ReturnType<typeof createCommentsApi>;
