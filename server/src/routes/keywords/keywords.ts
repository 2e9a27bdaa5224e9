import { POPULAR_KEYWORDS_MAX_AGE_SEC } from '@hiraku/shared';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { cacheFor, loadPopularKeywords } from '../../search/popularKeywords';
import type { AppServices } from '../../services';

/** The list is kept as long as clients may cache it: a minute-old list is as good. */
export function keywordHandlers(services: AppServices): EndpointHandlers<KeysOf<'keywords'>> {
  const popular = cacheFor(POPULAR_KEYWORDS_MAX_AGE_SEC * 1000, () => loadPopularKeywords(services.sequelize));
  return {
    'keywords.popular': async () => ({ keywords: await popular.get() }),
  };
}
