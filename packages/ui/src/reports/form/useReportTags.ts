import { useEffect, useMemo } from 'react';
import { type CategoryKey, type TagItem, COMMON_TEXTS } from '@hiraku/shared';
import { useTags } from '../../taxonomy/useTags';

export type TagsByCategory = Record<CategoryKey, TagItem[]>;

const EMPTY: TagsByCategory = { gender: [], sexualOrientation: [], role: [], tools: [], playCategory: [], playContent: [] };

/** Splits GET /api/tags by the stable key of the system categories (operators may rename them). */
export function groupTags(tags: readonly TagItem[]): TagsByCategory {
  const groups: TagsByCategory = { gender: [], sexualOrientation: [], role: [], tools: [], playCategory: [], playContent: [] };
  for (const tag of tags) {
    const key = tag.category_id?.key;
    if (key) groups[key].push(tag);
  }
  return groups;
}

/** The choices of the report form. A failure leaves the lists empty and says so; the form still saves drafts. */
export function useReportTags(): { tags: TagsByCategory; loading: boolean; problem: string | null } {
  const { data, isPending, error } = useTags();
  useEffect(() => {
    if (error) console.error('tags for the report form failed', error);
  }, [error]);
  return useMemo(
    () => ({ tags: data ? groupTags(data) : EMPTY, loading: isPending, problem: error ? COMMON_TEXTS.fetchFailed : null }),
    [data, isPending, error],
  );
}
