import { z } from 'zod';

/**
 * The one call the desktop renderer may make to reach the API: it names an endpoint, the main process
 * checks it against the API's declared endpoints and performs it with its own cookie jar. Shared by the
 * renderer's transport (packages/ui) and the main process (electron/), so both sides agree on the shape.
 */
export const HOST_REQUEST_LIMITS = {
  pathMax: 512,
  queryPairsMax: 40,
  queryValueMax: 2000,
  /** JSON text of a body; far above any operator form, far below anything that could hurt. */
  bodyCharsMax: 200_000,
} as const;

export const HOST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HostMethod = (typeof HOST_METHODS)[number];

/** An API path only: no scheme or host, no "..", no "//", no query (that goes in `query`). */
const apiPath = z
  .string()
  .max(HOST_REQUEST_LIMITS.pathMax)
  .regex(/^\/api(\/[A-Za-z0-9\-._~%@:]+)*\/?$/)
  .refine((path) => !path.split('/').some((segment) => segment === '..' || segment === '.'));

export const hostRequestSchema = z
  .object({
    method: z.enum(HOST_METHODS),
    path: apiPath,
    query: z
      .array(z.tuple([z.string().max(100), z.string().max(HOST_REQUEST_LIMITS.queryValueMax)]))
      .max(HOST_REQUEST_LIMITS.queryPairsMax)
      .default([]),
    body: z.json().optional(),
  })
  .strict()
  .refine((request) => request.body === undefined || JSON.stringify(request.body).length <= HOST_REQUEST_LIMITS.bodyCharsMax);

export type HostRequest = z.input<typeof hostRequestSchema>;
export type ParsedHostRequest = z.output<typeof hostRequestSchema>;

/** What came back: the server's answer (or a refusal shaped like one), or nothing at all. */
export type HostResult = { kind: 'response'; status: number; body: unknown } | { kind: 'no-response'; reason: 'network' | 'timeout' };

/**
 * The operators' screens of the desktop app, in menu order: the renderer's side menu (packages/ui
 * operatorMenu.ts) and the application menu's 移動 (electron applicationMenu.ts) both list these, and the
 * main process asks the renderer to open one by its name (never a path: the renderer knows the paths).
 */
export const OPERATOR_SCREENS = ['moderationQueue', 'members', 'auditLog', 'noticeTemplates', 'categories', 'tags', 'enquiries', 'analytics', 'announcements'] as const;
export type OperatorScreen = (typeof OPERATOR_SCREENS)[number];

export const isOperatorScreen = (value: unknown): value is OperatorScreen => typeof value === 'string' && (OPERATOR_SCREENS as readonly string[]).includes(value);
