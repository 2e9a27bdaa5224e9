import { LIMITS, TRUST_PATHS } from '@hiraku/shared';

/** Every route of docs/product.md §2, as the route table declares it. */
export const PATHS = {
  home: '/',
  signup: '/signup',
  login: '/login',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Issue 35: the link mailed to a new address (server/src/commands/emailChange.ts EMAIL_CHANGE_PAGE). */
  confirmEmailChange: '/confirm-email-change',
  contactForm: '/contact-form',
  faq: '/faq',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  glossary: '/glossary',
  dashboard: '/dashboard',
  createReport: '/create-report',
  reports: '/reports',
  reportDetail: '/reports/:id',
  editReport: '/edit-report/:id',
  categoryManager: '/category-manager',
  tagManager: '/tag-manager',
  moderationQueue: '/moderation/queue',
  memberAdmin: '/moderation/members',
  auditLog: '/moderation/audit-log',
  enquiries: '/moderation/enquiries',
  enquiryDetail: '/moderation/enquiries/:id',
  analytics: '/moderation/analytics',
  noticeTemplates: '/moderation/notice-templates',
  profile: '/profile',
  publicProfile: '/profile/:publicId',
  searchResults: '/search-results',
  deleteAccount: '/delete-account',
  settings: '/settings',
  /** The member's saves and collections. */
  saved: '/saved',
  notifications: '/notifications',
  notificationsUnsubscribe: '/notifications/unsubscribe',
  announcements: '/moderation/announcements',
  tutorial: '/tutorial',
  // imageRules among them: the flag dialog links to it.
  ...TRUST_PATHS,
  /** A decision about the member's content, from the notice mail: what and why, and the appeal form. */
  decision: '/decisions/:caseId',
} as const;

export function reportPath(id: string | number): string {
  return `/reports/${encodeURIComponent(String(id))}`;
}

export function editReportPath(id: string | number): string {
  return `/edit-report/${encodeURIComponent(String(id))}`;
}

export function decisionPath(caseId: number): string {
  return `/decisions/${caseId}`;
}

export function publicProfilePath(publicId: string): string {
  return `/profile/${encodeURIComponent(publicId)}`;
}

/**
 * `/search-results?query=...` for what a member typed, or null when there is nothing to search for.
 * encodeURIComponent (not URLSearchParams) so a space stays %20 and the address reads the same everywhere.
 */
export function searchResultsPath(rawQuery: string): string | null {
  const query = Array.from(rawQuery.trim()).slice(0, LIMITS.searchQueryMax).join('');
  return query ? `${PATHS.searchResults}?query=${encodeURIComponent(query)}` : null;
}
