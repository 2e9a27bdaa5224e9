/**
 * The zod-free half of the API contract: each endpoint's method and path. It is all a client needs at run
 * time to build a call, and it keeps zod and the rest of the declarations out of the web app's first
 * paint (a line of text per endpoint is also the cheapest form for its 120 KiB budget). Everything else
 * of an endpoint (access, schemas, rate rule, cache, errors) is declared with `endpoint(key, ...)` in the
 * resource's file; ENDPOINTS must declare every key here (typecheck).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `METHOD /api/path`, with `:name` for each path parameter (the URLs of docs/product.md §7). */
export type EndpointRoute = `${HttpMethod} /api/${string}`;

export const ENDPOINT_ROUTES = {
  'health.check': 'GET /api/health',

  'reports.feed': 'GET /api/reports/infinite',
  'reports.mine': 'GET /api/reports/my-reports',
  'reports.byMember': 'GET /api/reports',
  'reports.get': 'GET /api/reports/:id',
  'reports.create': 'POST /api/reports',
  'reports.update': 'PUT /api/reports/:id',
  'reports.remove': 'DELETE /api/reports/:id',
  'reports.image': 'GET /api/reports/:id/image',

  // The report form's autosave.
  'autosaves.list': 'GET /api/report-autosaves',
  'autosaves.get': 'GET /api/report-autosaves/:id',
  'autosaves.create': 'POST /api/report-autosaves',
  'autosaves.update': 'PUT /api/report-autosaves/:id',
  'autosaves.remove': 'DELETE /api/report-autosaves/:id',

  'search.reports': 'GET /api/reports/search/advanced',

  'keywords.popular': 'GET /api/keywords/popular',

  'likes.counts': 'GET /api/likes/report-counts',
  'likes.get': 'GET /api/likes/:reportId',
  'likes.toggle': 'POST /api/likes/:reportId/toggle',

  // 保存 and collections: the caller's own, never anyone else's.
  'saves.list': 'GET /api/saves',
  'saves.ids': 'GET /api/saves/ids',
  'saves.search': 'GET /api/saves/search',
  'saves.add': 'POST /api/saves/:reportId',
  'saves.remove': 'DELETE /api/saves/:reportId',
  'collections.list': 'GET /api/collections',
  'collections.create': 'POST /api/collections',
  'collections.reorder': 'PUT /api/collections/order',
  'collections.rename': 'PATCH /api/collections/:id',
  'collections.remove': 'DELETE /api/collections/:id',
  'collections.reports': 'GET /api/collections/:id/reports',
  'collections.reorderReports': 'PUT /api/collections/:id/reports/order',
  'collections.addReport': 'POST /api/collections/:id/reports/:reportId',
  'collections.removeReport': 'DELETE /api/collections/:id/reports/:reportId',

  'tags.list': 'GET /api/tags',
  'tags.names': 'GET /api/tags/names',
  'tags.updatePopularity': 'POST /api/tags/update-popularity',
  'tags.create': 'POST /api/tags',
  'tags.update': 'PUT /api/tags/:id',
  'tags.remove': 'DELETE /api/tags/:id',

  'categories.list': 'GET /api/categories',
  'categories.create': 'POST /api/categories',
  'categories.update': 'PUT /api/categories/:id',
  'categories.remove': 'DELETE /api/categories/:id',

  'contact.send': 'POST /api/contact',
  'site.config': 'GET /api/site-config',
  'enquiries.list': 'GET /api/moderation/enquiries',
  'enquiries.get': 'GET /api/moderation/enquiries/:id',
  'enquiries.setHandled': 'PUT /api/moderation/enquiries/:id/handled',

  'analytics.record': 'POST /api/analytics/events',
  'analytics.daily': 'GET /api/moderation/analytics/daily',

  'moderation.hideReport': 'POST /api/moderation/reports/:id/hide',
  'moderation.unhideReport': 'POST /api/moderation/reports/:id/unhide',
  'moderation.setImageLabel': 'PUT /api/moderation/reports/:id/image-label',
  'moderation.suspendMember': 'POST /api/moderation/users/:publicId/suspend',
  'moderation.unsuspendMember': 'POST /api/moderation/users/:publicId/unsuspend',
  'moderation.changeRole': 'POST /api/moderation/users/:publicId/role',
  'moderation.memberStage': 'POST /api/moderation/users/:publicId/stage',
  'moderation.members': 'GET /api/moderation/users',
  'moderation.auditLog': 'GET /api/moderation/audit-log',
  'disclosure.records': 'GET /api/moderation/disclosure-records',
  'noticeTemplates.list': 'GET /api/moderation/notice-templates',
  'noticeTemplates.create': 'POST /api/moderation/notice-templates',
  'noticeTemplates.preview': 'POST /api/moderation/notice-templates/preview',
  'noticeTemplates.update': 'PATCH /api/moderation/notice-templates/:id',
  'noticeTemplates.remove': 'DELETE /api/moderation/notice-templates/:id',
  'moderation.cases': 'GET /api/moderation/cases',
  'moderation.caseCounts': 'GET /api/moderation/cases/counts',
  'moderation.claimCase': 'POST /api/moderation/cases/:id/claim',
  'moderation.releaseCase': 'POST /api/moderation/cases/:id/release',
  'moderation.caseNote': 'POST /api/moderation/cases/:id/notes',
  'moderation.escalateCase': 'POST /api/moderation/cases/:id/escalate',
  'moderation.withdrawEscalation': 'POST /api/moderation/cases/:id/withdraw-escalation',
  'moderation.resolveCase': 'POST /api/moderation/cases/:id/resolve',
  'moderation.bulkResolveCases': 'POST /api/moderation/cases/bulk-resolve',
  'moderation.memberHistory': 'GET /api/moderation/members/:publicId/history',

  'flags.create': 'POST /api/flags',
  'decisions.get': 'GET /api/decisions/:caseId',
  'decisions.forTarget': 'GET /api/decisions',
  'appeals.create': 'POST /api/appeals',
  'auth.login': 'POST /api/auth/login',
  'auth.logout': 'POST /api/auth/logout',
  'auth.refresh': 'POST /api/auth/refresh',
  'auth.me': 'GET /api/auth/me',
  'auth.loginCode': 'POST /api/auth/login/code',

  'twoFactor.status': 'GET /api/account/two-factor',
  'twoFactor.setup': 'POST /api/account/two-factor/setup',
  'twoFactor.enable': 'POST /api/account/two-factor/enable',
  'twoFactor.disable': 'POST /api/account/two-factor/disable',
  'sessions.list': 'GET /api/account/sessions',
  'sessions.revoke': 'DELETE /api/account/sessions/:id',
  'sessions.revokeOthers': 'DELETE /api/account/sessions',
  'stepUp.confirm': 'POST /api/account/step-up',
  'account.changePassword': 'POST /api/account/password',
  'account.changeEmail': 'POST /api/account/email',
  'account.confirmEmail': 'POST /api/account/email/confirm',

  'passkeys.list': 'GET /api/account/passkeys',
  'passkeys.registerOptions': 'POST /api/account/passkeys/options',
  'passkeys.register': 'POST /api/account/passkeys',
  'passkeys.rename': 'PUT /api/account/passkeys/:id',
  'passkeys.remove': 'DELETE /api/account/passkeys/:id',
  'passkeys.stepUp': 'POST /api/account/passkeys/step-up',
  'auth.passkeyOptions': 'POST /api/auth/passkey/options',
  'auth.passkey': 'POST /api/auth/passkey',

  'takedown.create': 'POST /api/takedown-requests',
  'takedown.confirm': 'GET /api/takedown-requests/confirm',
  'transparency.report': 'GET /api/transparency',

  'signup.create': 'POST /api/signup',
  'signup.verifyEmail': 'GET /api/signup/verify-email',
  'signup.resendVerification': 'POST /api/signup/resend-verification',

  'passwordReset.forgot': 'POST /api/password-reset/forgot-password',
  'passwordReset.reset': 'POST /api/password-reset/reset-password',

  'tutorial.complete': 'POST /api/tutorial/complete',

  'account.delete': 'DELETE /api/profile/deleteAccount',
  'account.export': 'GET /api/account/export',

  'profile.own': 'GET /api/profile',
  'profile.check': 'GET /api/profile/check',
  'profile.dashboardStats': 'GET /api/profile/dashboard-stats',
  'profile.save': 'POST /api/profile/createOrUpdate',
  'profile.deleteImage': 'POST /api/profile/deleteImage',
  'profile.public': 'GET /api/profile/:publicId',

  'blocks.list': 'GET /api/blocks',
  'blocks.create': 'POST /api/blocks/:publicId',
  'blocks.remove': 'DELETE /api/blocks/:publicId',
  'mutes.list': 'GET /api/mutes',
  'mutes.create': 'POST /api/mutes/:publicId',
  'mutes.remove': 'DELETE /api/mutes/:publicId',
  'mutedWords.list': 'GET /api/muted-words',
  'mutedWords.create': 'POST /api/muted-words',
  'mutedWords.remove': 'DELETE /api/muted-words/:id',
  'sensitiveImages.get': 'GET /api/settings/sensitive-images',
  'sensitiveImages.update': 'PUT /api/settings/sensitive-images',
  'contentWarnings.settings': 'GET /api/content-warnings/settings',
  'contentWarnings.saveSettings': 'PUT /api/content-warnings/settings',
  'contentWarnings.moderate': 'PUT /api/moderation/reports/:id/content-warnings',

  // ---- follows ----
  'follows.list': 'GET /api/follows',
  'follows.memberIds': 'GET /api/follows/member-ids',
  'follows.topicIds': 'GET /api/follows/topic-ids',
  'follows.memberState': 'GET /api/follows/members/:publicId',
  'follows.followMember': 'POST /api/follows/members/:publicId',
  'follows.unfollowMember': 'DELETE /api/follows/members/:publicId',
  'follows.followTag': 'POST /api/follows/tags/:id',
  'follows.unfollowTag': 'DELETE /api/follows/tags/:id',
  'follows.followCategory': 'POST /api/follows/categories/:id',
  'follows.unfollowCategory': 'DELETE /api/follows/categories/:id',
  'follows.settings': 'GET /api/follows/settings',
  'follows.updateSettings': 'PUT /api/follows/settings',
  'follows.requests': 'GET /api/follows/requests',
  'follows.approve': 'POST /api/follows/requests/:publicId/approve',
  'follows.decline': 'POST /api/follows/requests/:publicId/decline',
  'follows.followers': 'GET /api/follows/followers',
  // ---- end follows ----

  'comments.list': 'GET /api/comments',
  'comments.create': 'POST /api/comments',
  'comments.remove': 'DELETE /api/comments/:id',
  'comments.report': 'POST /api/comments/:id/report',

  'notifications.list': 'GET /api/notifications',
  'notifications.unreadCount': 'GET /api/notifications/unread-count',
  'notifications.read': 'POST /api/notifications/read',
  'notifications.stream': 'GET /api/notifications/stream',
  'notifications.settings': 'GET /api/notifications/settings',
  'notifications.saveSettings': 'PUT /api/notifications/settings',
  'notifications.unsubscribe': 'POST /api/notifications/unsubscribe',
  'announcements.create': 'POST /api/moderation/announcements',
} as const satisfies Record<string, EndpointRoute>;

export type EndpointKey = keyof typeof ENDPOINT_ROUTES;

export type MethodOf<K extends EndpointKey> = (typeof ENDPOINT_ROUTES)[K] extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type PathOf<K extends EndpointKey> = (typeof ENDPOINT_ROUTES)[K] extends `${HttpMethod} ${infer P}` ? P : never;

export function routeOf<K extends EndpointKey>(key: K): { method: MethodOf<K>; path: PathOf<K> } {
  const [method, path] = ENDPOINT_ROUTES[key].split(' ');
  return { method, path } as { method: MethodOf<K>; path: PathOf<K> };
}

/** `/api/likes/:reportId/toggle` -> 'reportId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills in the path parameters (each URL-encoded); EndpointInput makes callers pass every one. */
export function endpointPath(key: EndpointKey, params: Record<string, string | number> = {}): string {
  return routeOf(key).path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}
