import type { DeclaredEndpoint } from './endpointAllowlist';

/**
 * The API's endpoints as the server mounts them (server/src/routes) plus the moderation endpoints of
 * issue 9. Stand-in until packages/shared carries the declared endpoint map that server and clients
 * share; then this file goes and the allowlist is built from that map instead.
 */
export const DECLARED_ENDPOINTS: readonly DeclaredEndpoint[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'POST', path: '/api/auth/login' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/refresh' },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'GET', path: '/api/categories' },
  { method: 'POST', path: '/api/categories' },
  { method: 'PUT', path: '/api/categories/:id' },
  { method: 'DELETE', path: '/api/categories/:id' },
  { method: 'GET', path: '/api/tags' },
  { method: 'GET', path: '/api/tags/names' },
  { method: 'POST', path: '/api/tags' },
  { method: 'PUT', path: '/api/tags/:id' },
  { method: 'DELETE', path: '/api/tags/:id' },
  { method: 'GET', path: '/api/reports' },
  { method: 'GET', path: '/api/reports/infinite' },
  { method: 'GET', path: '/api/reports/:id' },
  { method: 'GET', path: '/api/reports/search/advanced' },
  { method: 'GET', path: '/api/comments' },
  { method: 'GET', path: '/api/profile/:idOrPublicId' },
  { method: 'GET', path: '/api/keywords/popular' },
  { method: 'GET', path: '/api/moderation/comment-reports' },
  { method: 'POST', path: '/api/moderation/comment-reports/:commentId/resolve' },
  { method: 'POST', path: '/api/moderation/reports/:id/hide' },
  { method: 'POST', path: '/api/moderation/reports/:id/unhide' },
  { method: 'GET', path: '/api/moderation/users' },
  { method: 'POST', path: '/api/moderation/users/:publicId/suspend' },
  { method: 'POST', path: '/api/moderation/users/:publicId/unsuspend' },
  { method: 'POST', path: '/api/moderation/users/:publicId/role' },
  { method: 'GET', path: '/api/moderation/audit-log' },
];
