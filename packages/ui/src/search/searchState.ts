import { DEFAULT_SORT, isIdString, LIMITS, SORT_OPTIONS, type CategoryKey, type SortOption } from '@hiraku/shared';
import { PATHS } from '../routes/paths';

/** The tag filters of the search, each named after the system category its tags come from. */
export const SEARCH_FILTER_KEYS = ['gender', 'sexualOrientation', 'role', 'playCategory', 'playContent'] as const satisfies readonly CategoryKey[];
export type SearchFilterKey = (typeof SEARCH_FILTER_KEYS)[number];
export type SearchFilters = Record<SearchFilterKey, number | null>;

/** What the results screen shows, kept whole in the address so reload, back and shared links give the same page. */
export interface SearchState {
  query: string;
  sort: SortOption;
  filters: SearchFilters;
}

export const NO_FILTERS: SearchFilters = { gender: null, sexualOrientation: null, role: null, playCategory: null, playContent: null };

function isSortOption(value: string | null): value is SortOption {
  return (SORT_OPTIONS as readonly (string | null)[]).includes(value);
}

/**
 * Reads the address leniently: a hand-edited or stale value is dropped rather than sent, so the server
 * never answers a link with "the filter is wrong" and the member still gets results.
 */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  const filters = { ...NO_FILTERS };
  for (const key of SEARCH_FILTER_KEYS) {
    const value = params.get(key)?.trim() ?? '';
    filters[key] = isIdString(value) ? Number(value) : null;
  }
  const sort = params.get('sort');
  return {
    query: Array.from((params.get('query') ?? '').trim()).slice(0, LIMITS.searchQueryMax).join(''),
    sort: isSortOption(sort) ? sort : DEFAULT_SORT,
    filters,
  };
}

/** Only what differs from the defaults, so `/search-results?query=縄` stays as short as the header makes it. */
export function searchParamsFromState(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  for (const key of SEARCH_FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== null) params.set(key, String(value));
  }
  return params;
}

export function searchStatePath(state: SearchState): string {
  const search = searchParamsFromState(state).toString();
  return search ? `${PATHS.searchResults}?${search}` : PATHS.searchResults;
}

export function activeFilterCount(filters: SearchFilters): number {
  return SEARCH_FILTER_KEYS.filter((key) => filters[key] !== null).length;
}

/**
 * The state without filter ids that are no tag of their category (deleted since the link was made, or
 * typed by hand), or null when every filter is known. Such a filter would only ever find nothing.
 */
export function dropUnknownFilters(state: SearchState, known: Record<SearchFilterKey, readonly { _id: number }[]>): SearchState | null {
  const stale = SEARCH_FILTER_KEYS.filter((key) => {
    const id = state.filters[key];
    return id !== null && !known[key].some((tag) => tag._id === id);
  });
  if (stale.length === 0) return null;
  const filters = { ...state.filters };
  for (const key of stale) filters[key] = null;
  return { ...state, filters };
}
