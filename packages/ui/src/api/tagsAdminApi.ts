import type { EndpointCaller } from './endpointClient';

/**
 * What the tag form sends (docs/product.md §7 field names). Numbers may go as the form's text: the server
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

/** The operators' side of tags; reading them is useTags() (src/taxonomy/useTags.ts). */
export function createTagsAdminApi(call: EndpointCaller) {
  return {
    create: (input: TagInput) => call('tags.create', { body: input }),
    update: (id: number, input: TagInput) => call('tags.update', { params: { id }, body: input }),
    remove: (id: number) => call('tags.remove', { params: { id } }),
  };
}

export type TagsAdminApi = ReturnType<typeof createTagsAdminApi>;
