import { z } from 'zod';
import { MODERATION_MESSAGES as m } from '../texts/moderation/messages';
import { PROFILE_MESSAGES } from '../texts/profile/messages';
import { LIMITS } from '../limits';
import { charLength } from '../text';
import { AUDIT_ACTIONS, MODERATION_ROLES } from './actions';

/** Why an operator acts: required, 1-500 characters after trimming; it goes into the audit log. */
export const moderationReasonSchema = z
  .string({ error: m.reasonRequired })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .refine((text) => text !== '', m.reasonRequired)
  .refine((text) => charLength(text) <= LIMITS.moderationReasonMax, m.reasonTooLong);

/**
 * PUT /api/moderation/reports/{id}/image-label: an operator labels a report's image
 * センシティブな画像 or not, and locks the label so its author cannot remove it. A locked label is
 * always on: locking an unlabelled image would only stop its author from adding the label.
 */
export const imageLabelInputSchema = z
  .object(
    { sensitive: z.boolean({ error: m.imageLabelInvalid }), locked: z.boolean({ error: m.imageLabelInvalid }), reason: moderationReasonSchema },
    { error: m.imageLabelInvalid },
  )
  .refine((input) => input.sensitive || !input.locked, { message: m.imageLockNeedsLabel, path: ['locked'] });
export type ImageLabelInput = z.input<typeof imageLabelInputSchema>;

/** POST /api/moderation/reports/{id}/hide and /unhide; POST /api/moderation/users/{publicId}/unsuspend */
export const moderationReasonInputSchema = z.object({ reason: moderationReasonSchema }, { error: m.reasonRequired });
export type ModerationReasonInput = z.output<typeof moderationReasonInputSchema>;

/**
 * POST /api/moderation/users/{publicId}/suspend. `until` (ISO 8601 with a time zone) ends the suspension
 * by itself; missing or null means until an operator lifts it. The server refuses a time already past.
 */
export const suspendMemberInputSchema = z.object(
  {
    reason: moderationReasonSchema,
    until: z.iso
      .datetime({ offset: true, error: m.untilInvalid })
      .transform((text) => new Date(text))
      .nullish()
      .transform((value) => value ?? null),
  },
  { error: m.reasonRequired },
);
export type SuspendMemberInput = z.output<typeof suspendMemberInputSchema>;

/** POST /api/moderation/users/{publicId}/role */
export const roleChangeInputSchema = z.object(
  { role: z.enum(MODERATION_ROLES, { error: m.roleInvalid }), reason: moderationReasonSchema },
  { error: m.roleInvalid },
);
export type RoleChangeInput = z.output<typeof roleChangeInputSchema>;

const cursorSchema = z.string({ error: m.cursorInvalid }).max(200, m.cursorInvalid).optional();

/** GET /api/moderation/users?query= : a public id (exact) or part of a username; empty lists the newest members. */
export const memberSearchQuerySchema = z.object({
  query: z.string({ error: m.queryTooLong }).trim().max(LIMITS.memberQueryMax, m.queryTooLong).default(''),
});
export type MemberSearchQuery = z.output<typeof memberSearchQuerySchema>;

/** GET /api/moderation/audit-log?actor=&action=&cursor= ; `actor` is an operator's public id; empty means all. */
export const auditLogQuerySchema = z.object({
  actor: z
    .string()
    .trim()
    .max(64, PROFILE_MESSAGES.memberNotFound)
    .optional()
    .transform((value) => (value ? value : undefined)),
  action: z
    .union([z.enum(AUDIT_ACTIONS, { error: m.actionFilterInvalid }), z.literal('')], { error: m.actionFilterInvalid })
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: cursorSchema,
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
