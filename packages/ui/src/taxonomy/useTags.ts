import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TagItem } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import type { EndpointCaller } from '../api/endpointClient';
import { endpointQueryKey } from '../query/endpointQuery';

/** Invalidated by the operators' tag and category screens after each change. */
export const TAGS_QUERY_KEY = endpointQueryKey('tags.list');
export const CATEGORIES_QUERY_KEY = endpointQueryKey('categories.list');

/** GET /api/tags for useQuery and for code that needs the list once (queryClient.ensureQueryData). */
export function tagsQuery(call: EndpointCaller) {
  return {
    queryKey: TAGS_QUERY_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => call('tags.list', {}, { signal }),
    // Only operators change tags, and their screens invalidate this: one download per visit.
    staleTime: Infinity,
  };
}

/** The tags, shared by the report form, the search filters, the profile form and the tag manager. */
export function useTags(): UseQueryResult<TagItem[], Error> {
  const { call } = useApi();
  return useQuery(tagsQuery(call));
}
