import { useMemo } from 'react';
import type { TagItem } from '@hiraku/shared';
import { useTags } from '../taxonomy/useTags';
import { SEARCH_FILTER_KEYS, type SearchFilterKey } from './searchState';

export type FilterTags = Record<SearchFilterKey, TagItem[]>;

export interface FilterTagsState {
  tags: FilterTags | null;
  /** Category names as operators named them, for the select labels. */
  labels: Partial<Record<SearchFilterKey, string>>;
  failed: boolean;
}

/** The choices of each filter: the tags of its system category (found by key, so a rename changes nothing). */
export function groupFilterTags(tags: readonly TagItem[]): Pick<FilterTagsState, 'tags' | 'labels'> {
  const grouped = Object.fromEntries(SEARCH_FILTER_KEYS.map((key) => [key, [] as TagItem[]])) as FilterTags;
  const labels: FilterTagsState['labels'] = {};
  for (const tag of tags) {
    const key = tag.category_id?.key;
    if (!key || !(SEARCH_FILTER_KEYS as readonly string[]).includes(key)) continue;
    const filterKey = key as SearchFilterKey;
    grouped[filterKey].push(tag);
    labels[filterKey] ??= tag.category_id?.name;
  }
  for (const key of SEARCH_FILTER_KEYS) grouped[key].sort((a, b) => a.order - b.order || a._id - b._id);
  return { tags: grouped, labels };
}

export function useFilterTags(): FilterTagsState {
  const { data, error } = useTags();
  return useMemo(() => (data ? { ...groupFilterTags(data), failed: false } : { tags: null, labels: {}, failed: error !== null }), [data, error]);
}
