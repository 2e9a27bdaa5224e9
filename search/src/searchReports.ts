import { charLength, DEFAULT_SORT, LIMITS, SORT_OPTIONS, type SortOption } from '@hiraku/shared';
import type { FederatedMultiSearchParams } from 'meilisearch';
import type { SearchClient } from './client';
import { expandQuery } from './queryExpansion';
import { SEARCH_LOCALES } from './reportsIndex';
import { buildHiddenWarningsFilter, buildReportFilter, parsePositiveId, type HiddenWarningsFilter, type ReportSearchFilters } from './searchFilters';
import { searchableText } from './searchableText';
import { SearchInputError } from './searchInputError';

export interface ReportSearchParams {
  query?: string;
  filters?: ReportSearchFilters;
  /** The member's hidden content warnings, kept out by the engine. */
  hiddenWarnings?: HiddenWarningsFilter;
  sort?: SortOption;
  limit: number;
  offset?: number;
  /**
   * Only the reports this member saved (search inside a member's saves, issue 37): the documents'
   * `savedBy`, which no answer ever returns (reportsIndexSettings' displayedAttributes).
   */
  savedBy?: number;
  /**
   * With `savedBy`: reports the member saved whose documents the search outbox has not updated yet;
   * they are searched too, so a report just saved is found at once.
   */
  savedPendingIds?: readonly number[];
}

export interface ReportSearchResult {
  /** In the requested order; the caller loads the rows and drops anything no longer visible. */
  ids: number[];
  /** Each id's author, in the same order: the server drops the authors a member hides without reading the rows. */
  authorIds: number[];
  total: number;
  /** Meilisearch's own time for the request (processingTimeMs), for logs and benchmarks. */
  engineMs: number;
}

const SORT_RULES: Record<SortOption, string[]> = {
  new: ['createdAt:desc'],
  old: ['createdAt:asc'],
  like: ['likeCount:desc', 'createdAt:desc'],
};

/**
 * How deep (offset + limit) a glossary search is answered by merging its variants in the server; deeper
 * pages, which members rarely reach, are left to the federated request, which needs no more than a page
 * of each variant in its answer.
 */
export const GLOSSARY_MERGE_DEPTH_MAX = 500;

const MERGE_ATTRIBUTES = ['id', 'authorId', 'createdAt', 'likeCount'];

type MergeHit = { id: number; authorId: number; createdAt: number; likeCount: number };

/** The member's order over the hits of several variants: the sort, then the newer first, then the larger id. */
const MERGE_ORDER: Record<SortOption, (a: MergeHit, b: MergeHit) => number> = {
  new: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  old: (a, b) => a.createdAt - b.createdAt || a.id - b.id,
  like: (a, b) => b.likeCount - a.likeCount || b.createdAt - a.createdAt || b.id - a.id,
};

/**
 * Report ids matching the member's words, filters and order (bench/RESULTS.md, "Search in the engine"):
 * - words without a glossary entry: one single search, 0-1 ms of the engine at 100,000 reports, with an
 *   exact total (reportsIndexSettings' maxTotalHits);
 * - glossary words (all their spellings, see expandQuery), as far as GLOSSARY_MERGE_DEPTH_MAX: each
 *   spelling as a single search of the first offset + limit hits and, beside it, the federated request
 *   with no hits for the total counting each report once; the hits are merged here by the member's order.
 *   A federated request for the hits themselves cost 25-43 ms of the engine at offset 100;
 * - deeper glossary pages: the federated request, which removes duplicates and keeps the order itself.
 */
export async function searchReportIds(client: SearchClient, indexUid: string, params: ReportSearchParams): Promise<ReportSearchResult> {
  const request = buildReportRequest(indexUid, params);
  const { limit, offset } = request.federation;
  const [only, ...others] = request.queries;
  if (only && others.length === 0) {
    const { indexUid: uid, q, ...search } = only;
    const response = await client.index(uid).search(q, { ...search, limit, offset });
    return resultOf(response.hits, response.estimatedTotalHits, response.processingTimeMs);
  }
  if (offset + limit <= GLOSSARY_MERGE_DEPTH_MAX) return mergedGlossarySearch(client, request, parseSort(params.sort));
  const response = await client.multiSearch(request);
  return resultOf(response.hits, response.estimatedTotalHits ?? response.totalHits ?? response.hits.length, response.processingTimeMs);
}

async function mergedGlossarySearch(client: SearchClient, request: ReportRequest, sort: SortOption): Promise<ReportSearchResult> {
  const { limit, offset } = request.federation;
  const [variants, counted] = await Promise.all([
    client.multiSearch({ queries: request.queries.map((query) => ({ ...query, limit: offset + limit, offset: 0, attributesToRetrieve: MERGE_ATTRIBUTES })) }),
    client.multiSearch({ ...request, federation: { limit: 0, offset: 0 } }),
  ]);
  const byId = new Map<number, MergeHit>();
  for (const result of variants.results) {
    for (const hit of result.hits) {
      const id = Number(hit.id);
      byId.set(id, { id, authorId: Number(hit.authorId), createdAt: Number(hit.createdAt), likeCount: Number(hit.likeCount) });
    }
  }
  const page = [...byId.values()].sort(MERGE_ORDER[sort]).slice(offset, offset + limit);
  const engineMs = Math.max(counted.processingTimeMs, ...variants.results.map((result) => result.processingTimeMs));
  return resultOf(page, counted.estimatedTotalHits ?? counted.totalHits ?? byId.size, engineMs);
}

function resultOf(hits: readonly Record<string, unknown>[], total: number, engineMs: number): ReportSearchResult {
  return { ids: hits.map((hit) => Number(hit.id)), authorIds: hits.map((hit) => Number(hit.authorId)), total, engineMs };
}

type ReportRequest = FederatedMultiSearchParams & { federation: { limit: number; offset: number } };

/** The engine request for `params`, checked (SearchInputError on bad input): one query per glossary variant. */
export function buildReportRequest(indexUid: string, params: ReportSearchParams): ReportRequest {
  const query = parseQuery(params.query);
  const sort = parseSort(params.sort);
  const limit = parseInteger('limit', params.limit, 1, LIMITS.pageSizeMax);
  const offset = parseInteger('offset', params.offset ?? 0, 0, Number.MAX_SAFE_INTEGER);
  const filter = [...buildReportFilter(params.filters), ...buildHiddenWarningsFilter(params.hiddenWarnings), ...savedByFilter(params.savedBy, params.savedPendingIds)];

  const variants = expandQuery(searchableText(query));
  const queryOf = (q: string) => ({
    indexUid,
    q,
    filter,
    sort: SORT_RULES[sort],
    locales: SEARCH_LOCALES,
    // Every word must match: the results are ordered by the member's sort, not by relevance, so
    // partial matches would be mixed in between full ones.
    matchingStrategy: 'all' as const,
    attributesToRetrieve: ['id', 'authorId'],
  });
  return { federation: { limit, offset }, queries: variants.map(queryOf) };
}

/**
 * `savedBy = <member id>`: one posting list in the engine, whatever the number of saves (an `id IN [...]`
 * of 5,000 ids was parsed and evaluated again in each glossary variant: 268-684 ms a request, bench/RESULTS.md).
 * The id is checked to be a positive integer first, so only digits reach the expression.
 */
function savedByFilter(memberId: number | undefined, pendingIds: readonly number[] = []): string[] {
  if (memberId === undefined) return [];
  const savedBy = `savedBy = ${parsePositiveId('savedBy', memberId)}`;
  if (pendingIds.length === 0) return [savedBy];
  return [`(${savedBy} OR id IN [${pendingIds.map((id) => parsePositiveId('savedPendingIds', id)).join(',')}])`];
}

function parseQuery(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new SearchInputError('query', 'expected a string');
  const query = value.trim();
  if (charLength(query) > LIMITS.searchQueryMax) throw new SearchInputError('query', `longer than ${LIMITS.searchQueryMax} characters`);
  return query;
}

function parseSort(value: unknown): SortOption {
  if (value === undefined) return DEFAULT_SORT;
  if (!(SORT_OPTIONS as readonly unknown[]).includes(value)) throw new SearchInputError('sort', `expected one of ${SORT_OPTIONS.join(', ')}`);
  return value as SortOption;
}

function parseInteger(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new SearchInputError(field, `expected an integer from ${min} to ${max}`);
  }
  return value;
}
