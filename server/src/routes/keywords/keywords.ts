import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { loadPopularKeywords } from '../../search/popularKeywords';
import type { AppServices } from '../../services';

/** The list is kept as long as clients may cache it (the app's named cache `popularKeywords`): a minute-old list is as good. */
export function keywordHandlers(services: AppServices): EndpointHandlers<KeysOf<'keywords'>> {
  return {
    'keywords.popular': async () => ({ keywords: await services.caches.popularKeywords.get('popular', () => loadPopularKeywords(services.sequelize)) }),
  };
}
