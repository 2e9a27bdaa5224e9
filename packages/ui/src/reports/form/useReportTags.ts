import { useEffect, useState } from 'react';
import { type CategoryKey, type TagItem, MESSAGES_COMMON } from '@hiraku/shared';
import { useApi } from '../../api/ApiContext';

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
  const { taxonomy } = useApi();
  const [state, setState] = useState<{ tags: TagsByCategory; loading: boolean; problem: string | null }>({ tags: EMPTY, loading: true, problem: null });
  useEffect(() => {
    const controller = new AbortController();
    taxonomy.tags(controller.signal).then(
      (tags) => setState({ tags: groupTags(tags), loading: false, problem: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('tags for the report form failed', error);
        setState({ tags: EMPTY, loading: false, problem: MESSAGES_COMMON.fetchFailed });
      },
    );
    return () => controller.abort();
  }, [taxonomy]);
  return state;
}
