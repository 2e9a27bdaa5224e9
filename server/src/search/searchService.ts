import { Meilisearch } from 'meilisearch';

export type SearchHealth = 'ok' | 'unreachable';

/** The server's handle on Meilisearch: which server, which index, and whether it answers right now. */
export interface SearchService {
  client: Meilisearch;
  reportsIndexUid: string;
  health(): Promise<SearchHealth>;
}

export function createSearchService({ host, apiKey, indexPrefix }: { host: string; apiKey?: string; indexPrefix: string }): SearchService {
  // A short timeout: search being down must never hold a member's request for long.
  const client = new Meilisearch({ host, apiKey, timeout: 3_000 });
  return {
    client,
    reportsIndexUid: `${indexPrefix}reports`,
    health: () => client.isHealthy().then((ok): SearchHealth => (ok ? 'ok' : 'unreachable')),
  };
}
