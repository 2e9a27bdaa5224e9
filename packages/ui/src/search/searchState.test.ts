import { LIMITS } from '@hiraku/shared';
import { activeFilterCount, dropUnknownFilters, NO_FILTERS, searchParamsFromState, searchStateFromParams, searchStatePath } from './searchState';

describe('search state in the address', () => {
  it('reads the query, sort and tag filters the results page was opened with', () => {
    const state = searchStateFromParams(new URLSearchParams('query=%20縄%20&sort=like&playCategory=12&gender=3'));
    expect(state).toEqual({ query: '縄', sort: 'like', filters: { ...NO_FILTERS, playCategory: 12, gender: 3 } });
  });

  it('drops what the server would refuse instead of sending it', () => {
    const state = searchStateFromParams(new URLSearchParams('sort=popular&role=abc&playContent=-1&sexualOrientation=0&gender=1.5'));
    expect(state).toEqual({ query: '', sort: 'new', filters: NO_FILTERS });
  });

  it('cuts a query longer than the search box allows', () => {
    const state = searchStateFromParams(new URLSearchParams({ query: 'あ'.repeat(LIMITS.searchQueryMax + 5) }));
    expect(Array.from(state.query)).toHaveLength(LIMITS.searchQueryMax);
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    expect(searchStatePath({ query: '首輪', sort: 'new', filters: NO_FILTERS })).toBe('/search-results?query=%E9%A6%96%E8%BC%AA');
    expect(searchStatePath({ query: '', sort: 'new', filters: NO_FILTERS })).toBe('/search-results');
    const state = { query: 'ろうそく 鞭', sort: 'old' as const, filters: { ...NO_FILTERS, role: 7, playContent: 40 } };
    expect(searchStateFromParams(searchParamsFromState(state))).toEqual(state);
  });

  it('counts the filters in use', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, role: 1, playContent: 2 })).toBe(2);
  });

  it('drops filter ids that are no tag of their category, and leaves known ones alone', () => {
    const known = { gender: [{ _id: 1 }], sexualOrientation: [], role: [{ _id: 5 }], playCategory: [{ _id: 9 }], playContent: [] };
    const state = { query: '縄', sort: 'like' as const, filters: { ...NO_FILTERS, gender: 1, role: 9, playCategory: 9 } };
    expect(dropUnknownFilters(state, known)).toEqual({ ...state, filters: { ...NO_FILTERS, gender: 1, playCategory: 9 } });
    expect(dropUnknownFilters({ ...state, filters: { ...NO_FILTERS, role: 5 } }, known)).toBeNull();
  });
});
