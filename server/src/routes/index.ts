import Router from '@koa/router';
import { notFound } from '../errors';
import { mountEndpoints, type EndpointHandler } from '../http/endpoints';
import type { EndpointKey } from '@hiraku/shared';
import type { AppServices } from '../services';
import { accountHandlers } from './account/account';
import { analyticsHandlers } from './analytics/analytics';
import { authHandlers } from './auth/auth';
import { autosaveHandlers } from './autosaves/autosaves';
import { categoryHandlers } from './categories/categories';
import { commentHandlers } from './comments/comments';
import { contactHandlers } from './contact/contact';
import { enquiryHandlers } from './enquiries/enquiries';
import { flagHandlers } from '../moderation/routes/members';
import { followHandlers } from './follows/follows';
import { healthHandlers } from './health/health';
import { keywordHandlers } from './keywords/keywords';
import { likeHandlers } from './likes/likes';
import { moderationHandlers } from '../moderation/routes/operators';
import { noticeTemplateHandlers } from '../moderation/routes/noticeTemplates';
import { notificationHandlers } from './notifications/notifications';
import { passkeyHandlers } from './passkeys/passkeys';
import { passwordResetHandlers } from './passwordReset/passwordReset';
import { profileHandlers } from './profile/profile';
import { reportHandlers } from './reports/reports';
import { safetyHandlers } from './safety/safety';
import { contentWarningHandlers } from './contentWarnings/contentWarnings';
import { saveHandlers } from './saves/saves';
import { searchHandlers } from './search/search';
import { securityHandlers } from './security/security';
import { stepUpHandlers } from './stepUp/stepUp';
import { trustHandlers } from './trust/trust';
import { disclosureHandlers } from './disclosure/disclosure';
import { signupHandlers } from './signup/signup';
import { tagHandlers } from './tags/tags';
import { tutorialHandlers } from './tutorial/tutorial';

/** A handler for every endpoint of the contract; the object must name each declared endpoint once, or typecheck fails. */
export type AllEndpointHandlers = { [K in EndpointKey]: EndpointHandler<K> };

/**
 * Made once per app. Handlers keep no memory of their own: every cache is in `services.caches`,
 * so the API routes and the first screens rendered on the server (middlewares/firstScreenHtml.ts) share it.
 */
export function endpointHandlers(services: AppServices): AllEndpointHandlers {
  return {
    ...healthHandlers(services),
    ...authHandlers(services),
    ...signupHandlers(services),
    ...passwordResetHandlers(services),
    ...tutorialHandlers(services),
    ...accountHandlers(services),
    ...profileHandlers(services),
    ...reportHandlers(services),
    ...searchHandlers(services),
    ...keywordHandlers(services),
    ...likeHandlers(services),
    ...commentHandlers(services),
    ...tagHandlers(services),
    ...categoryHandlers(services),
    ...contactHandlers(services),
    ...enquiryHandlers(services),
    ...analyticsHandlers(services),
    ...moderationHandlers(services),
    ...noticeTemplateHandlers(services),
    ...flagHandlers(services),
    ...notificationHandlers(services),
    ...safetyHandlers(services),
    ...contentWarningHandlers(services),
    ...securityHandlers(services),
    ...passkeyHandlers(services),
    ...stepUpHandlers(services),
    ...disclosureHandlers(services),
    ...trustHandlers(services),
    ...saveHandlers(services),
    ...autosaveHandlers(services),
    ...followHandlers(services),
  };
}

/** Every endpoint of the contract (packages/shared ENDPOINTS), with its handler; unknown /api paths answer a JSON 404. */
export function apiRouter(services: AppServices, handlers: AllEndpointHandlers = endpointHandlers(services)): Router {
  const api = new Router();
  mountEndpoints(api, services, handlers);
  api.all('/api/{*rest}', () => {
    throw notFound();
  });
  return api;
}
