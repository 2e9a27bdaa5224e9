import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../api/apiError';
import { useEndlessPaging } from './endlessPaging';

export interface EndlessPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A cursor-paged list (the operators' queue, audit log and enquiries), cached under `queryKey`, that
 * loads its next page when `sentinel` scrolls into view (or on the button). The paging rules are the
 * feed's and the search's (useEndlessPaging); this adds the items of every page, an in-place update and
 * the sentinel. Another key (a new filter) is another list from its first page; a page still on its
 * way for the old one is dropped. Operators' lists are read again each time they are shown
 * (staleTime 0): the cached pages show at once while the fresh ones come.
 */
export function useCursorList<P extends EndlessPage<unknown>>(queryKey: QueryKey, fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<P>, failedText: string) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
  const { failed, loading, loadMore, retry } = useEndlessPaging(list);
  const { data, error, hasNextPage } = list;
  const pages = data?.pages;
  const items = useMemo((): P['items'] => (pages ?? []).flatMap((page) => page.items), [pages]);
  const done = data !== undefined && !hasNextPage;

  /** Changes every loaded page in the cache (an item decided elsewhere leaves the list without a reload). */
  const update = useCallback(
    (change: (page: P) => P) => queryClient.setQueryData<InfiniteData<P>>(queryKey, (old) => (old ? { ...old, pages: old.pages.map(change) } : old)),
    [queryClient, queryKey],
  );

  // Endless loading: the sentinel under the list asks for more whenever it comes into view.
  // Observing anew after each page fires once more if it is still in view (a short page on a tall screen).
  const [sentinelElement, sentinel] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!sentinelElement || loading || done || failed || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(sentinelElement);
    return () => observer.disconnect();
  }, [sentinelElement, loading, done, failed, loadMore]);

  return {
    items,
    /** The newest page, for what the server says beside the items (the queue's pending count). */
    lastPage: pages?.[pages.length - 1],
    update,
    done,
    loading,
    error: failed ? errorMessage(error, failedText) : null,
    /** What the failure was, for a screen that offers a way out of it (the queue's two-factor link). */
    failure: failed ? error : null,
    loadMore,
    /** After a failure: the page that failed, the first one included. */
    reload: retry,
    sentinel,
  };
}
