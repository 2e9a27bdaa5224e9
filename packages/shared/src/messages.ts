import { MESSAGES_SITE } from './messages/site';
import { MESSAGES_COMMON } from './messages/common';
import { MESSAGES_AUTH } from './messages/auth';
import { MESSAGES_PROFILE } from './messages/profile';
import { MESSAGES_IMAGE } from './messages/image';
import { MESSAGES_REPORT } from './messages/report';
import { MESSAGES_LIKE } from './messages/like';
import { MESSAGES_COMMENT } from './messages/comment';
import { MESSAGES_TAXONOMY } from './messages/taxonomy';
import { MESSAGES_SEARCH } from './messages/search';
import { MESSAGES_CONTACT } from './messages/contact';
import { MESSAGES_ANALYTICS } from './messages/analytics';

export { MESSAGES_SITE, MESSAGES_COMMON, MESSAGES_AUTH, MESSAGES_PROFILE, MESSAGES_IMAGE, MESSAGES_REPORT, MESSAGES_LIKE, MESSAGES_COMMENT, MESSAGES_TAXONOMY, MESSAGES_SEARCH, MESSAGES_CONTACT, MESSAGES_ANALYTICS };

/**
 * Every Japanese sentence a member or an operator reads, one module per domain under ./messages/ so a
 * screen (and the web app's first download) takes only the domains it uses: import `MESSAGES_AUTH`
 * rather than `MESSAGES` where the bundle size matters. The server sends these as `message` in error
 * bodies and the UI shows them; docs/product.md §8 gives the situations.
 */
export const MESSAGES = {
  site: MESSAGES_SITE,
  common: MESSAGES_COMMON,
  auth: MESSAGES_AUTH,
  profile: MESSAGES_PROFILE,
  image: MESSAGES_IMAGE,
  report: MESSAGES_REPORT,
  like: MESSAGES_LIKE,
  comment: MESSAGES_COMMENT,
  taxonomy: MESSAGES_TAXONOMY,
  search: MESSAGES_SEARCH,
  contact: MESSAGES_CONTACT,
  analytics: MESSAGES_ANALYTICS,
} as const;
