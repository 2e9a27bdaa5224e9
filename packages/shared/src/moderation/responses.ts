import { z } from 'zod';
import { MODERATION_ROLES } from './actions';

/**
 * Response shapes of /api/moderation/*. Dates are ISO 8601 strings in UTC. No e-mail address ever. Each
 * type is the output of its schema, which the endpoint map checks answers against.
 */

const isoDate = z.string();
const count = z.number().int().nonnegative();

/** A member as operators see them (GET /api/moderation/users, and after each action on a member). */
export const moderatedMemberSchema = z.object({
  publicId: z.string(),
  /** Null when the member has not made a profile yet. */
  username: z.string().nullable(),
  role: z.enum(MODERATION_ROLES),
  /** When the current suspension began; null when the member is not suspended. */
  suspendedAt: isoDate.nullable(),
  /** When the current suspension ends by itself; null with `suspendedAt` set means until lifted. */
  suspendedUntil: isoDate.nullable(),
  /** Every report they wrote except drafts, hidden ones included. */
  reportCount: count,
  /** Every comment they wrote that an operator has not deleted, hidden ones included. */
  commentCount: count,
  createdAt: isoDate,
});
export type ModeratedMember = z.output<typeof moderatedMemberSchema>;

export const memberSearchResponseSchema = z.object({ members: z.array(moderatedMemberSchema) });
export type MemberSearchResponse = z.output<typeof memberSearchResponseSchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  /** An AuditAction, or an action an older or newer version wrote. */
  action: z.string(),
  /** Null for what the system did by itself (a suspension ending) or once the operator's account is gone. */
  actor: z.object({ publicId: z.string(), username: z.string().nullable() }).nullable(),
  /** `label`: its name (a title, a username, a comment's first words), `path`: where it is; null once gone. */
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable(), path: z.string().nullable() }),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({ entries: z.array(auditLogEntrySchema), nextCursor: z.string().nullable() });
export type AuditLogPage = z.output<typeof auditLogPageSchema>;

/**
 * Every moderation action answers this. `changed` is false when the action had been done already
 * (idempotent: nothing changed and no audit row was written).
 */
export const moderationActionResponseSchema = z.object({ message: z.string(), changed: z.boolean() });
export type ModerationActionResponse = z.output<typeof moderationActionResponseSchema>;

export const reportModerationResponseSchema = moderationActionResponseSchema.extend({
  report: z.object({ id: z.number().int(), isHidden: z.boolean() }),
});
export type ReportModerationResponse = z.output<typeof reportModerationResponseSchema>;

/** PUT /api/moderation/reports/{id}/image-label: the report's label as it now is. */
export const imageLabelResponseSchema = moderationActionResponseSchema.extend({
  report: z.object({ id: z.number().int(), imageSensitive: z.boolean(), imageSensitiveLocked: z.boolean() }),
});
export type ImageLabelResponse = z.output<typeof imageLabelResponseSchema>;

export const memberModerationResponseSchema = moderationActionResponseSchema.extend({ member: moderatedMemberSchema });
export type MemberModerationResponse = z.output<typeof memberModerationResponseSchema>;
