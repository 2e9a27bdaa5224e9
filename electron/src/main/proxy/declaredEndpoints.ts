import type { InterimEndpoint } from './endpointAllowlist';

/**
 * Endpoints the server serves that packages/shared's ENDPOINTS does not declare yet: the session calls
 * and the operators' moderation and enquiry endpoints (issue 9). Remove each line when its declaration
 * lands in the contract; the allowlist then checks its schemas too.
 */
export const INTERIM_ENDPOINTS: readonly InterimEndpoint[] = [
  { method: 'POST', path: '/api/auth/login' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/refresh' },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'GET', path: '/api/comments' },
  { method: 'GET', path: '/api/moderation/comment-reports' },
  { method: 'POST', path: '/api/moderation/comment-reports/:commentId/resolve' },
  { method: 'POST', path: '/api/moderation/reports/:id/hide' },
  { method: 'POST', path: '/api/moderation/reports/:id/unhide' },
  { method: 'GET', path: '/api/moderation/users' },
  { method: 'POST', path: '/api/moderation/users/:publicId/suspend' },
  { method: 'POST', path: '/api/moderation/users/:publicId/unsuspend' },
  { method: 'POST', path: '/api/moderation/users/:publicId/role' },
  { method: 'GET', path: '/api/moderation/audit-log' },
  { method: 'GET', path: '/api/moderation/enquiries' },
  { method: 'GET', path: '/api/moderation/enquiries/:id' },
  { method: 'PUT', path: '/api/moderation/enquiries/:id/handled' },
  { method: 'GET', path: '/api/moderation/analytics/daily' },
];
