import { Meilisearch } from 'meilisearch';

export type SearchClient = Meilisearch;

export interface SearchClientOptions {
  host: string;
  apiKey?: string;
  /** Per HTTP request; a search that hangs must not hold a member's request for long. */
  timeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export function createSearchClient({ host, apiKey, timeoutMs }: SearchClientOptions): SearchClient {
  return new Meilisearch({
    host,
    ...(apiKey ? { apiKey } : {}),
    timeout: timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
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
