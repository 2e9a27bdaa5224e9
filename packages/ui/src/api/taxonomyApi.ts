import type { EndpointCaller } from './endpointClient';

/** The reading side of tags (public), and the popularity bump that follows a report save. */
export function createTaxonomyApi(call: EndpointCaller) {
  return {
    tags: (signal?: AbortSignal) => call('tags.list', {}, { signal }),
    /** newTags: chosen now but not before (+1); oldTags: chosen before but not now (-1). */
    updatePopularity: (newTags: number[], oldTags: number[]) => call('tags.updatePopularity', { body: { newTags, oldTags } }),
  };
}

export type TaxonomyApi = ReturnType<typeof createTaxonomyApi>;
