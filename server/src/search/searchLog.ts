import type { Models } from '../models';

/** The search_queries.query column holds this many characters. */
export const SEARCH_LOG_QUERY_MAX = 100;

/**
 * The form a query is counted under for popular keywords: full-width and half-width spellings, Latin
 * case and runs of spaces do not make two keywords of one (ＳＭ, sm and SM are one word).
 */
export function normalizeSearchLogQuery(query: string): string {
  const normalized = query.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
  return Array.from(normalized).slice(0, SEARCH_LOG_QUERY_MAX).join('').trim();
}

/**
 * Remembers that a signed-in member searched `query`. Only what popular keywords need: who (so that
 * several different members are required) and when; rows go with the account.
 */
export async function recordSearchQuery(models: Pick<Models, 'SearchQuery'>, userId: number, query: string, now = new Date()): Promise<boolean> {
  const normalized = normalizeSearchLogQuery(query);
  if (!normalized) return false;
  await models.SearchQuery.create({ userId, query: normalized, createdAt: now });
  return true;
}
