import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, type ReportListItem, type SortOption, MESSAGES_REPORT } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
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

interface FeedState {
  reports: ReportListItem[];
  nextKey: string | null;
  done: boolean;
  loading: boolean;
  error: string | null;
}

const INITIAL: FeedState = { reports: [], nextKey: null, done: false, loading: false, error: null };

/**
 * The /reports feed, page by page (GET /api/reports/infinite, 8 at a time). A change of sort starts a
 * new list; an answer for the old sort that arrives late is dropped. Only one page loads at a time.
 */
export function useInfiniteReports(sort: SortOption): InfiniteReports {
  const { reports: reportsApi } = useApi();
  const [state, setState] = useState<FeedState>(INITIAL);
  // Refs, not state, decide whether to start a load: two observer callbacks in one frame must not both go.
  const current = useRef<FeedState>(INITIAL);
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);

  const update = useCallback((next: FeedState) => {
    current.current = next;
    setState(next);
  }, []);

  const load = useCallback(() => {
    const feed = current.current;
    if (feed.loading || feed.done || feed.error) return;
    const ticket = generation.current;
    const abort = new AbortController();
    controller.current = abort;
    update({ ...feed, loading: true });
    reportsApi.feed({ sort, lastKey: feed.nextKey, limit: LIMITS.pageSize, signal: abort.signal }).then(
      (page) => {
        if (ticket !== generation.current) return;
        const before = current.current;
        const done = !page.hasMore || !page.nextKey || page.data.length === 0;
        update({ reports: mergeReports(before.reports, page.data), nextKey: page.nextKey, done, loading: false, error: null });
      },
      (error: unknown) => {
        if (ticket !== generation.current) return;
        console.error('report feed failed', error);
        update({ ...current.current, loading: false, error: errorMessage(error, MESSAGES_REPORT.listFetchFailed) });
      },
    );
  }, [reportsApi, sort, update]);

  useEffect(() => {
    generation.current += 1;
    controller.current?.abort();
    update(INITIAL);
    load();
    return () => {
      generation.current += 1;
      controller.current?.abort();
    };
  }, [load, update]);

  const retry = useCallback(() => {
    update({ ...current.current, error: null });
    load();
  }, [load, update]);

  return { reports: state.reports, loading: state.loading, done: state.done, error: state.error, loadMore: load, retry };
}
