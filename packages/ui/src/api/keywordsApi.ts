import type { EndpointCaller } from './endpointClient';

export function createKeywordsApi(call: EndpointCaller) {
  return {
    popular: (signal?: AbortSignal) => call('keywords.popular', {}, { signal }),
  };
}

export type KeywordsApi = ReturnType<typeof createKeywordsApi>;
