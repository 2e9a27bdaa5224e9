import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';

type PagedQuery = Pick<
  UseInfiniteQueryResult<unknown, Error>,
  'error' | 'hasNextPage' | 'isPending' | 'isFetching' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage' | 'refetch'
>;

export interface EndlessPaging {
  /** The last load failed and nothing is loading now. */
  failed: boolean;
  /** The first page or a next page is on its way. */
  loading: boolean;
  /** Loads the next page unless one is loading, the list is done or the last load failed. */
  loadMore: () => void;
  /** After a failure: the page that failed, the first one included. */
  retry: () => void;
}

/** The paging rules every endless list (the feed, search results) shares over its infinite query. */
export function useEndlessPaging(query: PagedQuery): EndlessPaging {
  const { error, hasNextPage, isPending, isFetching, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = query;
  const failed = error !== null && !isFetching;
  // cancelRefetch: false — two observer callbacks in one frame share the page already on its way.
  const loadMore = useCallback(() => {
    if (hasNextPage && !failed) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, failed, fetchNextPage]);
  const retry = useCallback(() => {
    void (isFetchNextPageError ? fetchNextPage() : refetch());
  }, [isFetchNextPageError, fetchNextPage, refetch]);
  return { failed, loading: (isPending && isFetching) || isFetchingNextPage, loadMore, retry };
}
