import { useCallback, useState } from 'react';
import { DEFAULT_SORT, FEED_SORT_OPTIONS, SORT_COOKIE, SORT_STORAGE_KEY, type FeedSortOption } from '@hiraku/shared';

/** The feed's orders, フォロー中 included. */
type SortOption = FeedSortOption;

export function isSortOption(value: unknown): value is SortOption {
  return typeof value === 'string' && (FEED_SORT_OPTIONS as readonly string[]).includes(value);
}

/** Storage can be missing or refuse access (private modes, blocked cookies): the list still works. */
export function readStoredSort(): SortOption {
  try {
    const stored = window.localStorage.getItem(SORT_STORAGE_KEY);
    return isSortOption(stored) ? stored : DEFAULT_SORT;
  } catch {
    return DEFAULT_SORT;
  }
}

/** SORT_COOKIE: the server renders the first screen of /reports only for the default order. */
export function tellServerSort(sort: SortOption): void {
  try {
    document.cookie = sort === DEFAULT_SORT ? `${SORT_COOKIE}=; path=/; max-age=0; samesite=lax` : `${SORT_COOKIE}=${sort}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // No cookies (a file:// page, blocked storage): the server's first screen may show the default order first.
  }
}

function writeStoredSort(sort: SortOption | null): void {
  tellServerSort(sort ?? DEFAULT_SORT);
  try {
    if (sort === null) window.localStorage.removeItem(SORT_STORAGE_KEY);
    else window.localStorage.setItem(SORT_STORAGE_KEY, sort);
  } catch {
    // Not remembered across visits; the current page still uses the choice.
  }
}

/** The list's sort order, kept in localStorage under 'sortOption' (docs/product.md §4); reset forgets it. */
export function useSortOption(): { sort: SortOption; setSort: (sort: SortOption) => void; resetSort: () => void } {
  const [sort, setSortState] = useState<SortOption>(() => (typeof window === 'undefined' ? DEFAULT_SORT : readStoredSort()));
  const setSort = useCallback((next: SortOption) => {
    writeStoredSort(next);
    setSortState(next);
  }, []);
  const resetSort = useCallback(() => {
    writeStoredSort(null);
    setSortState(DEFAULT_SORT);
  }, []);
  return { sort, setSort, resetSort };
}
