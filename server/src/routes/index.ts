import Router from '@koa/router';
import { notFound } from '../errors';
import type { AppServices } from '../services';
import { accountRoutes } from './account/account';
import { analyticsRoutes } from './analytics/analytics';
import { authRoutes } from './auth/auth';
import { categoryRoutes } from './categories/categories';
import { commentRoutes } from './comments/comments';
import { contactRoutes } from './contact/contact';
import { enquiryRoutes } from './enquiries/enquiries';
import { healthRoutes } from './health/health';
import { keywordRoutes } from './keywords/keywords';
import { likeRoutes } from './likes/likes';
import { moderationRoutes } from './moderation/moderation';
import { passwordResetRoutes } from './passwordReset/passwordReset';
import { profileRoutes } from './profile/profile';
import { reportRoutes } from './reports/reports';
import { searchRoutes } from './search/search';
import { signupRoutes } from './signup/signup';
import { tagRoutes } from './tags/tags';
import { tutorialRoutes } from './tutorial/tutorial';

/** Every API resource is mounted here under /api; unknown /api paths answer a JSON 404. */
export function apiRouter(services: AppServices): Router {
  const api = new Router({ prefix: '/api' });
  for (const resource of [
    healthRoutes(services),
    authRoutes(services),
    signupRoutes(services),
    passwordResetRoutes(services),
    tutorialRoutes(services),
    accountRoutes(services),
    profileRoutes(services),
    // Before reportRoutes: its /reports/:id would take /reports/search/advanced.
    searchRoutes(services),
    reportRoutes(services),
    keywordRoutes(services),
    likeRoutes(services),
    commentRoutes(services),
    tagRoutes(services),
    categoryRoutes(services),
    contactRoutes(services),
    enquiryRoutes(services),
    moderationRoutes(services),
    analyticsRoutes(services),
  ]) {
    api.use(resource.routes(), resource.allowedMethods());
  }
  api.all('/{*rest}', () => {
    throw notFound();
  });
  return api;
}
