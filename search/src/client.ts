import { Meilisearch } from 'meilisearch';

export type SearchClient = Meilisearch;

export interface SearchClientOptions {
  host: string;
  apiKey?: string;
  /** Per HTTP request; a search that hangs must not hold a member's request for long. */
  timeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Asked uncompressed on purpose. fetch asks for gzip by default; Meilisearch then streams the answer in
 * chunks, and on a kept-alive connection any answer over about 1 KB (a federated search, a page of 50)
 * waited 40 ms for Nagle's algorithm and the client's delayed ACK: 38-40 of 40 such searches took 44 ms
 * instead of 2 (bench/RESULTS.md, "Search in the engine"). The answers are ids, a few KB at most.
 */
export const SEARCH_REQUEST_HEADERS = { 'Accept-Encoding': 'identity' } as const;

export function createSearchClient({ host, apiKey, timeoutMs }: SearchClientOptions): SearchClient {
  return new Meilisearch({
    host,
    ...(apiKey ? { apiKey } : {}),
    timeout: timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    requestInit: { headers: { ...SEARCH_REQUEST_HEADERS } },
    clientAgents: ['hiraku'],
  });
}

/** 'ok' only when the engine answers GET /health with `available`; any failure reads as 'unreachable'. */
export async function checkSearchHealth(client: SearchClient): Promise<'ok' | 'unreachable'> {
  try {
    const health = await client.health();
    return health.status === 'available' ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
