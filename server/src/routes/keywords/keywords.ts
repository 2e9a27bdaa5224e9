import Router from '@koa/router';
import type { PopularKeywordsResponse } from '@hiraku/shared';
import { cacheFor, loadPopularKeywords } from '../../search/popularKeywords';
import type { AppServices } from '../../services';

/** Counting the search log on every page view would be wasteful; a minute-old list is as good. */
export const POPULAR_KEYWORDS_TTL_MS = 60_000;

/**
 * GET /api/keywords/popular: the keyword block of /reports. Open to everyone: the words are either tag
 * names (public) or searches that several different members made, never one member's own words.
 */
export function keywordRoutes(services: AppServices, { ttlMs = POPULAR_KEYWORDS_TTL_MS } = {}): Router {
  const router = new Router({ prefix: '/keywords' });
  const popular = cacheFor(ttlMs, () => loadPopularKeywords(services.sequelize));

  router.get('/popular', async (ctx) => {
    ctx.set('Cache-Control', `public, max-age=${Math.floor(ttlMs / 1000)}`);
    ctx.body = { keywords: await popular.get() } satisfies PopularKeywordsResponse;
  });

  return router;
}
