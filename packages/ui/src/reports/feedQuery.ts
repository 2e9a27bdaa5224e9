import { infiniteQueryOptions } from '@tanstack/react-query';
import { LIMITS, type FeedSortOption, type ResponseOf } from '@hiraku/shared';
import type { CallOptions, EndpointCaller } from '../api/endpointClient';
import { endpointQueryKey } from '../query/endpointQuery';

/** The key to ask for after `page`, or undefined when the feed has ended (docs/product.md §4). */
export function nextFeedKey(page: ResponseOf<'reports.feed'>): string | undefined {
  return !page.hasMore || !page.nextKey || page.data.length === 0 ? undefined : page.nextKey;
}

/** The cache key of the feed for one sort order (src/query/reportCache.ts updates every sort's pages). */
export const feedQueryKey = (sort: FeedSortOption) => endpointQueryKey('reports.feed', { query: { sort } });

/**
 * The feed's query, for the list and for the first page asked for before the list's code has arrived
 * (routes/firstScreenData.ts, which passes its own call options and leaves a failure for the list to
 * report when it asks again).
 */
export function feedQueryOptions(call: EndpointCaller, sort: FeedSortOption, early?: { callOptions: Omit<CallOptions, 'signal'> }) {
  return infiniteQueryOptions({
    queryKey: feedQueryKey(sort),
    queryFn: ({ pageParam, signal }) =>
      call('reports.feed', { query: { sort, lastKey: pageParam ?? undefined, limit: LIMITS.pageSize } }, { ...early?.callOptions, signal }).catch((error: unknown) => {
        if (!signal.aborted && !early) console.error('report feed failed', error);
        throw error;
      }),
    initialPageParam: null as string | null,
    getNextPageParam: nextFeedKey,
  });
}
