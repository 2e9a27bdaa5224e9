import { z } from 'zod';
import { caseCountsSchema } from '../moderation/caseResponses';
import { COMMON_TEXTS } from '../texts/common';
import { NOTIFICATION_MESSAGES } from '../texts/notification';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS } from './kinds';

const kind = z.enum(NOTIFICATION_KINDS);

/** One notification as the list, the stream and the toast show it; a group of likes is one. */
export const notificationSchema = z.object({
  id: z.number().int().positive(),
  kind,
  /** The line to show, composed by the server (texts/notification.ts). */
  text: z.string(),
  /** Who caused it (the newest liker of a group); null for the operators' kinds or a member gone since. */
  actor: z.object({ publicId: z.string(), username: z.string(), iconUrl: z.string().nullable() }).nullable(),
  /** Members behind it: 1, or the size of a group of likes. */
  actorCount: z.number().int().nonnegative(),
  /** Where tapping it leads, an app path ("/reports/12"), or null. */
  link: z.string().nullable(),
  /** An operator's announcement: its text. */
  body: z.string().nullable(),
  read: z.boolean(),
  /** The latest activity (a group of likes moves up with each new like). */
  updatedAt: z.string(),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});

export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });

export const notificationListQuerySchema = z.object({
  cursor: z
    .string({ error: NOTIFICATION_MESSAGES.invalidCursor })
    .max(64, NOTIFICATION_MESSAGES.invalidCursor)
    .regex(/^[A-Za-z0-9_-]+$/, NOTIFICATION_MESSAGES.invalidCursor)
    .optional(),
});

/** `{ ids }` marks those read; `{ all: true }` every one. */
export const notificationReadSchema = z.union(
  [
    z.object({ ids: z.array(z.number({ error: COMMON_TEXTS.invalidInput }).int().positive(), { error: COMMON_TEXTS.invalidInput }).min(1, NOTIFICATION_MESSAGES.idsRequired).max(NOTIFICATION_LIMITS.readIdsMax, COMMON_TEXTS.invalidInput) }).strict(),
    z.object({ all: z.literal(true, { error: COMMON_TEXTS.invalidInput }) }).strict(),
  ],
  { error: NOTIFICATION_MESSAGES.idsRequired },
);

const channelSetting = z.object({ inApp: z.boolean({ error: COMMON_TEXTS.invalidInput }), email: z.boolean({ error: COMMON_TEXTS.invalidInput }) }, { error: COMMON_TEXTS.invalidInput }).strict();

/** Every kind with its two switches (all on until the member changes them). */
export const notificationSettingsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((name) => [name, channelSetting])) as Record<(typeof NOTIFICATION_KINDS)[number], typeof channelSetting>,
    { error: COMMON_TEXTS.invalidInput },
  )
  .strict();

/** The token of a digest's unsubscribe link (List-Unsubscribe), in the URL. */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: NOTIFICATION_MESSAGES.unsubscribeInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, NOTIFICATION_MESSAGES.unsubscribeInvalid),
});

export const announcementInputSchema = z
  .object(
    {
      title: z.string({ error: COMMON_TEXTS.invalidInput }).trim().min(1, COMMON_TEXTS.invalidInput).max(NOTIFICATION_LIMITS.announcementTitleMax, COMMON_TEXTS.invalidInput),
      body: z.string({ error: COMMON_TEXTS.invalidInput }).trim().min(1, COMMON_TEXTS.invalidInput).max(NOTIFICATION_LIMITS.announcementBodyMax, COMMON_TEXTS.invalidInput),
    },
    { error: COMMON_TEXTS.invalidInput },
  )
  .strict();

/** The events of the stream, each with the data it carries. */
export const notificationStreamEventSchemas = {
  notification: notificationSchema,
  unread: unreadCountSchema,
  /**
   * Refresh the session, then connect again: the access token ran out (`expired`), or the session ended
   * or changed under the stream (`session`: signed out elsewhere, suspended, role or two-factor changed),
   * so what it may receive is decided anew; a session that ended refreshes into the sign-in screen.
   */
  refresh: z.object({ reason: z.enum(['expired', 'session']) }),
  /** The member (or the address) opened more streams than allowed and this, the oldest, was closed: do not reconnect. */
  closed: z.object({ reason: z.literal('too_many_streams') }),
  /**
   * Operators with two-factor sign-in only (the desktop app's badge and native notification): a case of
   * the queue opened, became more severe (or due sooner), passed its due time, or was closed; `counts` are
   * the queue's numbers just after. `severe`: an appeal, a takedown or a severe category (priority 0-3).
   */
  case: z.object({
    caseId: z.number().int().positive(),
    change: z.enum(['opened', 'escalated', 'overdue', 'closed']),
    severe: z.boolean(),
    counts: caseCountsSchema,
  }),
} as const;

export type NotificationItem = z.output<typeof notificationSchema>;
export type CaseStreamEvent = z.output<typeof notificationStreamEventSchemas.case>;
export type CaseChange = CaseStreamEvent['change'];
export type NotificationPage = z.output<typeof notificationPageSchema>;
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
export type NotificationReadInput = z.input<typeof notificationReadSchema>;
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
