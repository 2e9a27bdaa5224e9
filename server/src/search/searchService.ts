import { checkSearchHealth, createSearchClient, reportsIndexUid, type SearchClient } from '@hiraku/search';

export type SearchHealth = 'ok' | 'unreachable';

/** The server's handle on Meilisearch: which server, which index, and whether it answers right now. */
export interface SearchService {
  client: SearchClient;
  reportsIndexUid: string;
  health(): Promise<SearchHealth>;
}

export function createSearchService({ host, apiKey, indexPrefix }: { host: string; apiKey?: string; indexPrefix: string }): SearchService {
  // A short timeout: search being down must never hold a member's request for long.
  const client = createSearchClient({ host, apiKey, timeoutMs: 3_000 });
  return { client, reportsIndexUid: reportsIndexUid(indexPrefix), health: () => checkSearchHealth(client) };
}
