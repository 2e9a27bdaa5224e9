import { TRUST_PATHS } from './api/constants';

/**
 * The pages a visitor can read without an account and a search engine may index. Everything
 * else is refused by the last line, so a page added later stays out of the index until it is listed here:
 * members-only screens, the API, and the public pages that only make sense with a token (verification,
 * password reset, unsubscribe, takedown confirmation). packages/ui's routeTable test checks each path
 * listed is in the route table's public group.
 */
export const INDEXABLE_PATHS = [
  '/',
  '/signup',
  '/login',
  '/contact-form',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/glossary',
  TRUST_PATHS.removalGuidelines,
  TRUST_PATHS.imageRules,
  TRUST_PATHS.reportIllegalContent,
  TRUST_PATHS.takedownRequest,
  TRUST_PATHS.transparency,
] as const;

/** The build's hashed scripts and styles: crawlers need them to render the pages above. */
const RENDERING_ASSETS = '/assets/';

/**
 * /robots.txt: `$` ends each page's path, so `Allow: /faq$` lets /faq in and nothing under it; the
 * longest matching rule wins (RFC 9309), so these Allow lines beat the final `Disallow: /`.
 */
export function robotsTxt(): string {
  const lines = ['User-agent: *', ...INDEXABLE_PATHS.map((path) => `Allow: ${path}$`), `Allow: ${RENDERING_ASSETS}`, 'Disallow: /', ''];
  return lines.join('\n');
}
