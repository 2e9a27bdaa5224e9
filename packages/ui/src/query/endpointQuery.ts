import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { EndpointInput, EndpointKey, ResponseOf } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';

/**
 * The cache key of an endpoint's answer: the endpoint key of the contract (packages/shared ENDPOINTS)
 * first, then its input. Invalidating `[key]` reaches every input of that endpoint.
 */
export type EndpointQueryKey<K extends EndpointKey> = readonly [K] | readonly [K, EndpointInput<K>];

export function endpointQueryKey<K extends EndpointKey>(key: K, input?: EndpointInput<K>): EndpointQueryKey<K> {
  return input === undefined ? [key] : [key, input];
}

type EndpointQueryOptions<K extends EndpointKey, T> = Omit<UseQueryOptions<ResponseOf<K>, Error, T, EndpointQueryKey<K>>, 'queryKey' | 'queryFn'>;

/** useQuery over `call(key, input)`: the answer of a declared endpoint, cached under endpointQueryKey(key, input). */
export function useEndpointQuery<K extends EndpointKey, T = ResponseOf<K>>(
  key: K,
  input?: EndpointInput<K>,
  options: EndpointQueryOptions<K, T> = {},
): UseQueryResult<T, Error> {
  const { call } = useApi();
  return useQuery({
    ...options,
    queryKey: endpointQueryKey(key, input),
    queryFn: ({ signal }) => call(key, input as EndpointInput<K>, { signal }),
  });
}
