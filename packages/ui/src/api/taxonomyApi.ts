import type { EndpointCaller } from './endpointClient';

/**
 * The reading side of tags (public). Tag popularity is computed by the server from published reports
 * (`tags.updatePopularity` is for operators and has no caller here).
 */
export function createTaxonomyApi(call: EndpointCaller) {
  return {
    tags: (signal?: AbortSignal) => call('tags.list', {}, { signal }),
  };
}

export type TaxonomyApi = ReturnType<typeof createTaxonomyApi>;
