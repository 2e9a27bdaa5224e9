import { reportSearchQuerySchema } from '../search';
import { endpoint } from './define';
import { popularKeywordsResponseSchema, reportSearchResponseSchema } from '../search';

/** Seconds a popular-keyword list may be reused: counting the search log on every page view would be wasteful. */
export const POPULAR_KEYWORDS_MAX_AGE_SEC = 60;

export const SEARCH_ENDPOINTS = {
  /** The search box and filters of /reports; served from the database while the engine is down. */
  'search.reports': endpoint('search.reports', {
    access: 'member',
    query: reportSearchQuerySchema,
    response: reportSearchResponseSchema,
    cache: 'private',
    errors: [],
  }),
  /**
   * The keyword block of /reports. Open to everyone: the words are either tag names (public) or searches
   * that several different members made, never one member's own words.
   */
  'keywords.popular': endpoint('keywords.popular', {
    access: 'public',
    response: popularKeywordsResponseSchema,
    cache: { publicMaxAgeSec: POPULAR_KEYWORDS_MAX_AGE_SEC },
    errors: [],
  }),
};
