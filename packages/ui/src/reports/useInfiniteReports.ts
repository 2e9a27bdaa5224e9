import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ReportListItem, type FeedSortOption, REPORT_LIST_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { useEndlessPaging } from '../query/endlessPaging';
// The query itself is in ./feedQuery: the app asks for the first page before this hook's chunk has arrived.
import { feedQueryOptions } from './feedQuery';
import { mergeReports } from './mergeReports';

export interface InfiniteReports {
  reports: ReportListItem[];
  loading: boolean;
  /** True once the server has said there is nothing more (no next key, hasMore false, or an empty page). */
  done: boolean;
  error: string | null;
  /** Loads the next page unless one is loading, the list is done or the last load failed. */
  loadMore: () => void;
  /** Clears the error and tries the failed page again. */
  retry: () => void;
}

/**
 * The /reports feed, page by page (GET /api/reports/infinite, 8 at a time), cached: going back to the list
 * shows the pages already loaded, where they were. A change of sort is another list; the pages are
 * merged by id, so a report sent again (sort=like) keeps one place. Only one page loads at a time.
 */
export function useInfiniteReports(sort: FeedSortOption): InfiniteReports {
  const { call } = useApi();
  const feed = useInfiniteQuery(feedQueryOptions(call, sort));
  const { data, error, hasNextPage } = feed;
  const { failed, loading, loadMore, retry } = useEndlessPaging(feed);

  const reports = useMemo(() => (data?.pages ?? []).reduce((list, page) => mergeReports(list, page.data), [] as ReportListItem[]), [data]);

  return {
    reports,
    loading,
    done: data !== undefined && !hasNextPage,
    error: failed ? errorMessage(error, REPORT_LIST_TEXTS.fetchFailed) : null,
    loadMore,
    retry,
  };
}
