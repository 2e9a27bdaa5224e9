import Router from '@koa/router';
import { notFound } from '../errors';
import { mountEndpoints } from '../http/endpoints';
import type { AppServices } from '../services';
import { accountRoutes } from './account/account';
import { analyticsHandlers } from './analytics/analytics';
import { authRoutes } from './auth/auth';
import { categoryHandlers } from './categories/categories';
import { commentRoutes } from './comments/comments';
import { contactHandlers } from './contact/contact';
import { enquiryHandlers } from './enquiries/enquiries';
import { healthHandlers } from './health/health';
import { keywordHandlers } from './keywords/keywords';
import { likeHandlers } from './likes/likes';
import { moderationHandlers } from './moderation/moderation';
import { passwordResetRoutes } from './passwordReset/passwordReset';
import { profileRoutes } from './profile/profile';
import { reportHandlers } from './reports/reports';
import { searchHandlers } from './search/search';
import { signupRoutes } from './signup/signup';
import { tagHandlers } from './tags/tags';
import { tutorialRoutes } from './tutorial/tutorial';

/**
 * Every endpoint of the contract (packages/shared ENDPOINTS), with its handler; unknown /api paths answer
 * a JSON 404. The handlers object must name each declared endpoint once, or typecheck fails.
 */
export function apiRouter(services: AppServices): Router {
  const api = new Router();
  mountEndpoints(api, services, {
    ...healthHandlers(services),
    ...reportHandlers(services),
    ...searchHandlers(services),
    ...keywordHandlers(services),
    ...likeHandlers(services),
    ...tagHandlers(services),
    ...categoryHandlers(services),
    ...contactHandlers(services),
    ...enquiryHandlers(services),
    ...analyticsHandlers(services),
    ...moderationHandlers(services),
  });
  // Not yet declared in the contract (moving there next).
  const legacy = new Router({ prefix: '/api' });
  for (const resource of [
    authRoutes(services),
    signupRoutes(services),
    passwordResetRoutes(services),
    tutorialRoutes(services),
    accountRoutes(services),
    profileRoutes(services),
    commentRoutes(services),
  ]) {
    legacy.use(resource.routes(), resource.allowedMethods());
  }
  api.use(legacy.routes(), legacy.allowedMethods());
  api.all('/api/{*rest}', () => {
    throw notFound();
  });
  return api;
}
