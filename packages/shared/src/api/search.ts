import { z } from 'zod';
import { SEARCH_MESSAGES } from '../texts/search/messages';
import { LIMITS, SORT_OPTIONS } from '../limits';
import { optionalIdSchema } from '../schemas/ids';
import { charLength } from '../text';
import { reportListItemSchema } from './reports';

/** Where an answer of GET /api/reports/search/advanced came from. */
export const reportSearchSourceSchema = z.enum(['search', 'database']);
export type ReportSearchSource = z.output<typeof reportSearchSourceSchema>;

/**
 * GET /api/reports/search/advanced. `reports` keep the engine's order (the chosen sort). While the search
 * engine is unreachable the server answers from the database (`source: 'database'`): same fields, a
 * search bounded to the newest reports and a time limit, and `notice` when the bound left reports out.
 */
export const reportSearchResponseSchema = z.object({
  reports: z.array(reportListItemSchema),
  /**
   * How many reports match in all (an estimate when it is large); page on with `offset`. From the
   * database it is not counted: the reports up to this page, plus one when another page follows.
   */
  total: z.number().int(),
  source: reportSearchSourceSchema,
  /** SEARCH_MESSAGES.limited when the database search could not look at every report; shown above the results. */
  notice: z.string().optional(),
});
export type ReportSearchResponse = z.output<typeof reportSearchResponseSchema>;

/** GET /api/keywords/popular: at most POPULAR_KEYWORDS_MAX words, never empty. */
export const popularKeywordsResponseSchema = z.object({ keywords: z.array(z.string()) });
export type PopularKeywordsResponse = z.output<typeof popularKeywordsResponseSchema>;

export const POPULAR_KEYWORDS_MAX = 10;
/** Deeper than this a member refines the words instead of scrolling. */
export const SEARCH_OFFSET_MAX = 1000;

/** A query-string value: absent and '' both mean "not given". */
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The query string of GET /api/reports/search/advanced, for the server's validation and the UI's links
 * alike. Filters are tag ids only (an id of the gender, sexual orientation, role, play category or play
 * content category); anything but a plain positive integer is refused, so no filter expression can be
 * smuggled through.
 */
export const reportSearchQuerySchema = z.object({
  query: z
    .string({ error: SEARCH_MESSAGES.queryInvalid })
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((value) => charLength(value) <= LIMITS.searchQueryMax, SEARCH_MESSAGES.queryTooLong),
  sort: z.preprocess(blankToUndefined, z.enum(SORT_OPTIONS, { error: SEARCH_MESSAGES.sortInvalid }).default('new')),
  gender: optionalIdSchema(SEARCH_MESSAGES.filterInvalid),
  sexualOrientation: optionalIdSchema(SEARCH_MESSAGES.filterInvalid),
  role: optionalIdSchema(SEARCH_MESSAGES.filterInvalid),
  playCategory: optionalIdSchema(SEARCH_MESSAGES.filterInvalid),
  playContent: optionalIdSchema(SEARCH_MESSAGES.filterInvalid),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: SEARCH_MESSAGES.limitInvalid })
      .int(SEARCH_MESSAGES.limitInvalid)
      .min(1, SEARCH_MESSAGES.limitInvalid)
      .max(LIMITS.pageSizeMax, SEARCH_MESSAGES.limitInvalid)
      .default(LIMITS.pageSize),
  ),
  offset: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: SEARCH_MESSAGES.pagingInvalid })
      .int(SEARCH_MESSAGES.pagingInvalid)
      .min(0, SEARCH_MESSAGES.pagingInvalid)
      .max(SEARCH_OFFSET_MAX, SEARCH_MESSAGES.pagingInvalid)
      .default(0),
  ),
});
export type ReportSearchQuery = z.output<typeof reportSearchQuerySchema>;
/** What a link or the UI may put in the query string (ids as numbers or strings). */
export type ReportSearchQueryInput = z.input<typeof reportSearchQuerySchema>;
