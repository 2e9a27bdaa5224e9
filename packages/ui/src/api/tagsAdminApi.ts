import type { MessageResponse, TagMutationResponse } from '@hiraku/shared';
import type { ApiClient } from './apiClient';

/**
 * What the tag form sends (SPEC.md section 7 field names). Numbers may go as the form's text: the server
 * reads '' as "the default" and answers a wrong value with a Japanese message naming the field.
 */
export interface TagInput {
  name: string;
  order: number | string;
  level: number | string;
  popularity: number | string;
  /** null: no parent / unclassified. */
  parent_id: number | null;
  category_id: number | null;
}

const tagPath = (id: number) => `/api/tags/${encodeURIComponent(String(id))}`;

/** The operators' side of tags; reading them is createTaxonomyApi().tags. */
export function createTagsAdminApi(client: ApiClient) {
  return {
    create: (input: TagInput) => client.post<TagMutationResponse>('/api/tags', input),
    update: (id: number, input: TagInput) => client.put<TagMutationResponse>(tagPath(id), input),
    remove: (id: number) => client.delete<MessageResponse>(tagPath(id)),
  };
}

export type TagsAdminApi = ReturnType<typeof createTagsAdminApi>;
