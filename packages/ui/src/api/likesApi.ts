import type { EndpointCaller } from './endpointClient';

export function createLikesApi(call: EndpointCaller) {
  return {
    info: (reportId: number | string, signal?: AbortSignal) => call('likes.get', { params: { reportId } }, { signal }),
    /**
     * Asks for the state the member sees the button turn to, so a retried request cannot flip it back;
     * the answer's `liked` and `likeCount` are the truth to show.
     */
    toggle: (reportId: number | string, liked: boolean) => call('likes.toggle', { params: { reportId }, body: { liked } }),
  };
}

export type LikesApi = ReturnType<typeof createLikesApi>;
