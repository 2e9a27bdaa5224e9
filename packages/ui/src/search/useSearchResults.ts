import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS, type ReportListItem, MESSAGES_SEARCH } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { mergeReports } from '../reports/mergeReports';
import type { SearchState } from './searchState';

export interface SearchResults {
  reports: ReportListItem[];
  /** null until the first page has come. */
  total: number | null;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The results of one search, a page at a time. A new search (another query, filter or sort) starts
 * over and drops any page still on its way for the previous one.
 */
export function useSearchResults(state: SearchState): SearchResults {
  const { search } = useApi();
  const [reports, setReports] = useState<ReportListItem[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const controllerRef = useRef<AbortController | null>(null);
  const { query, sort, filters } = state;
  const { gender, sexualOrientation, role, playCategory, playContent } = filters;

  const fetchPage = useCallback(
    async (offset: number) => {
      const run = generation.current;
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setLoading(true);
      setError(null);
      try {
        const page = await search.reports(
          { query, sort, gender, sexualOrientation, role, playCategory, playContent, limit: LIMITS.pageSize, offset },
          controller.signal,
        );
        if (run !== generation.current) return;
        setReports((previous) => (offset === 0 ? page.reports : mergeReports(previous, page.reports)));
        // A short page is the last one, whatever the engine estimated the total to be.
        setTotal(page.reports.length < LIMITS.pageSize ? offset + page.reports.length : page.total);
      } catch (caught) {
        if (controller.signal.aborted || run !== generation.current) return;
        setError(errorMessage(caught, MESSAGES_SEARCH.fetchFailed));
      } finally {
        if (run === generation.current && !controller.signal.aborted) setLoading(false);
      }
    },
    [search, query, sort, gender, sexualOrientation, role, playCategory, playContent],
  );

  useEffect(() => {
    generation.current += 1;
    setReports([]);
    setTotal(null);
    void fetchPage(0);
    return () => controllerRef.current?.abort();
  }, [fetchPage]);

  const hasMore = total !== null && reports.length < total && !error;
  const reportsLength = reports.length;
  const loadMore = useCallback(() => {
    if (!loading) void fetchPage(reportsLength);
  }, [fetchPage, loading, reportsLength]);
  /** After a failure: the page that failed, the first one included. */
  const retry = useCallback(() => void fetchPage(reportsLength), [fetchPage, reportsLength]);

  return { reports, total, loading, error, hasMore, loadMore, retry };
}
