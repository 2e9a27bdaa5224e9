import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { LIMITS, type ReportListItem, type ResponseOf, SEARCH_MESSAGES } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { useEndlessPaging } from '../query/endlessPaging';
import { endpointQueryKey } from '../query/endpointQuery';
import { mergeReports } from '../reports/mergeReports';
import type { SearchState } from './searchState';

export interface SearchResults {
  reports: ReportListItem[];
  /** null until the first page has come. */
  total: number | null;
  /** The server's word that the search is limited right now (the engine is down), from the latest page. */
  notice: string | null;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

type SearchPage = ResponseOf<'search.reports'>;

/** How many results there are in all, as known after the page at `offset`: a short page is the last one, whatever the engine estimated. */
function totalAfter(page: SearchPage, offset: number): number {
  return page.reports.length < LIMITS.pageSize ? offset + page.reports.length : page.total;
}

/**
 * The results of one search, a page at a time (offset paging), cached per search: going back to the
 * results shows the pages already loaded. `endpoint` 'saves.search' searches inside the member's saves. A new search (another query, filter or sort) is another list, and
 * a page still on its way for the previous one is dropped.
 */
export function useSearchResults(state: SearchState, endpoint: 'search.reports' | 'saves.search' = 'search.reports'): SearchResults {
  const { call } = useApi();
  const { query, sort, filters } = state;
  const { gender, sexualOrientation, role, playCategory, playContent } = filters;
  const base = { query, sort, gender, sexualOrientation, role, playCategory, playContent, limit: LIMITS.pageSize, offset: 0 };
  const results = useInfiniteQuery({
    queryKey: endpointQueryKey(endpoint, { query: base }),
    // /saved searches inside the member's saves with the same words, filters and answer.
    queryFn: ({ pageParam, signal }) => call(endpoint, { query: { ...base, offset: pageParam } }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (page, _pages, offset) => {
      const next = offset + page.reports.length;
      return next < totalAfter(page, offset) ? next : undefined;
    },
  });
  const { data, error, hasNextPage } = results;
  const { failed, loading, loadMore, retry } = useEndlessPaging(results);

  const reports = useMemo(() => (data?.pages ?? []).reduce((list, page) => mergeReports(list, page.reports), [] as ReportListItem[]), [data]);
  const pages = data?.pages;
  const offsets = data?.pageParams;
  const last = pages && offsets ? pages.length - 1 : -1;
  const total = pages && offsets && last >= 0 ? totalAfter(pages[last]!, offsets[last] as number) : null;

  return {
    reports,
    total,
    notice: (last >= 0 ? pages?.[last]?.notice : undefined) ?? null,
    loading,
    error: failed ? errorMessage(error, SEARCH_MESSAGES.fetchFailed) : null,
    hasMore: Boolean(hasNextPage) && !failed,
    loadMore,
    retry,
  };
}
