import {
  endpointPath,
  routeOf,
  type EndpointInput,
  type EndpointKey,
  type EndpointKeyWithoutInput,
  type ResponseOf,
} from '@hiraku/shared';
import type { ApiClient, RequestOptions } from './apiClient';

/** Everything of a request but what the endpoint map decides (method, path, query, body). */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

/**
 * Calls a declared endpoint by its key: `call('reports.get', { params: { id } })`. The key, the path
 * parameters, the query and the body are checked by typecheck against packages/shared ENDPOINTS, and the
 * answer has the declared response type.
 */
export interface EndpointCaller {
  <K extends EndpointKeyWithoutInput>(key: K, input?: EndpointInput<K>, options?: CallOptions): Promise<ResponseOf<K>>;
  <K extends EndpointKey>(key: K, input: EndpointInput<K>, options?: CallOptions): Promise<ResponseOf<K>>;
}

export function createEndpointCaller(client: ApiClient): EndpointCaller {
  async function call<K extends EndpointKey>(key: K, input?: EndpointInput<K>, options: CallOptions = {}): Promise<ResponseOf<K>> {
    const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown };
    const answer = await client.request(routeOf(key).method, endpointPath(key, params), { ...options, query, body });
    // Only method and path are needed here (ENDPOINT_ROUTES, no zod), which keeps the response schemas
    // out of the first paint. The answer is trusted to match ResponseOf<K>: the server checks every
    // answer against the declared schema in development and tests, so a drift fails there, not here.
    return answer as ResponseOf<K>;
  }
  return call;
}
