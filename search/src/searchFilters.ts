import { CONTENT_WARNING_KEYS } from '@hiraku/shared';
import { SearchInputError } from './searchInputError';

/** A tag id or user id as it may arrive from a query string. */
export type FilterIdInput = number | string | null | undefined;

export interface ReportSearchFilters {
  gender?: FilterIdInput;
  sexualOrientation?: FilterIdInput;
  role?: FilterIdInput;
  playCategory?: FilterIdInput;
  playContent?: FilterIdInput;
  authorId?: FilterIdInput;
}

/** Input name -> filterable attribute. Only these names can ever appear in a filter expression. */
const FILTER_ATTRIBUTES: Record<keyof ReportSearchFilters, string> = {
  gender: 'gender',
  sexualOrientation: 'sexualOrientation',
  role: 'role',
  playCategory: 'playCategories',
  playContent: 'playContents',
  authorId: 'authorId',
};

const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

/** A positive safe integer, given as a number or its plain decimal spelling; anything else throws. */
export function parsePositiveId(field: string, value: unknown): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' && POSITIVE_INTEGER.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new SearchInputError(field, 'expected a positive integer id');
  return id;
}

/** Like parsePositiveId, but `null`, `undefined` and '' mean "no filter". */
export function parseFilterId(field: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return parsePositiveId(field, value);
}

/**
 * Meilisearch filter clauses (ANDed). Every value has been turned into a JavaScript number first, so
 * the only characters that can reach the expression are the fixed attribute names, ` = ` and digits:
 * nothing a member sends can add an OR, a quote or another attribute.
 */
export function buildReportFilter(filters: ReportSearchFilters = {}): string[] {
  const clauses: string[] = [];
  for (const [field, value] of Object.entries(filters)) {
    if (!Object.hasOwn(FILTER_ATTRIBUTES, field)) throw new SearchInputError(field, 'unknown filter');
    const id = parseFilterId(field, value);
    if (id !== undefined) clauses.push(`${FILTER_ATTRIBUTES[field as keyof ReportSearchFilters]} = ${id}`);
  }
  return clauses;
}

/**
 * Content warnings a member set to 表示しない: documents carrying none of them, or written by
 * the member (their own reports never leave their lists). Keys are checked against the catalogue and the
 * id is a number, so nothing else can reach the expression.
 */
export interface HiddenWarningsFilter {
  keys: readonly string[];
  viewerId: number;
}

export function buildHiddenWarningsFilter(hidden: HiddenWarningsFilter | undefined): string[] {
  if (!hidden || hidden.keys.length === 0) return [];
  for (const key of hidden.keys) {
    if (!(CONTENT_WARNING_KEYS as readonly string[]).includes(key)) throw new SearchInputError('hiddenWarnings', 'unknown content warning');
  }
  const viewerId = parsePositiveId('viewerId', hidden.viewerId);
  return [`(warnings NOT IN [${hidden.keys.join(', ')}] OR authorId = ${viewerId})`];
}
