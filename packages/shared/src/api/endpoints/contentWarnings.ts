import { z } from 'zod';
import { CONTENT_WARNING_CHOICES, CONTENT_WARNING_KEYS, type ContentWarningKey } from '../../contentWarnings';
import { LIMITS } from '../../limits';
import { moderationReasonSchema } from '../../moderation/schemas';
import { charLength } from '../../text';
import { CONTENT_WARNING_MESSAGES as m } from '../../texts/contentWarnings/messages';
import { REPORT_MESSAGES } from '../../texts/report/messages';
import { contentWarningSettingsSchema } from '../contentWarnings';
import { endpoint } from './define';
import { idParam } from './params';

const choice = z.enum(CONTENT_WARNING_CHOICES, { error: m.settingsInvalid });


/**
 * PUT /api/content-warnings/settings: the labels sent are set, the others keep their choice. An unknown
 * label is refused rather than ignored, so a typo never looks saved.
 */
export const contentWarningSettingsInputSchema = z.strictObject(
  Object.fromEntries(CONTENT_WARNING_KEYS.map((key) => [key, choice.optional()])) as Record<ContentWarningKey, z.ZodOptional<typeof choice>>,
  { error: m.settingsInvalid },
);
export type ContentWarningSettingsInput = z.input<typeof contentWarningSettingsInputSchema>;

export const contentWarningSettingsSavedSchema = z.object({ message: z.string(), settings: contentWarningSettingsSchema });

/**
 * PUT /api/moderation/reports/:id/content-warnings: an operator sets a report's labels (adding or
 * removing any) and whether the author may still change them; the reason goes to the audit log.
 */
export const contentWarningModerationInputSchema = z
  .object(
    {
      warnings: z.array(z.enum(CONTENT_WARNING_KEYS, { error: m.invalidLabel }), { error: m.invalidLabel }),
      warningOther: z
        .string({ error: m.otherTooLong })
        .nullish()
        .transform((text) => (text ?? '').trim())
        .refine((text) => charLength(text) <= LIMITS.contentWarningOtherMax, m.otherTooLong),
      locked: z.boolean({ error: m.invalidLabel }),
      reason: moderationReasonSchema,
    },
    { error: m.invalidLabel },
  )
  .refine((input) => !input.warnings.includes('other') || input.warningOther !== '', { message: m.otherRequired, path: ['warningOther'] })
  .transform((input) => ({
    ...input,
    warnings: CONTENT_WARNING_KEYS.filter((key) => input.warnings.includes(key)),
    warningOther: input.warnings.includes('other') ? input.warningOther : null,
  }));
export type ContentWarningModerationInput = z.input<typeof contentWarningModerationInputSchema>;

export const contentWarningModerationResponseSchema = z.object({
  message: z.string(),
  changed: z.boolean(),
  report: z.object({ id: z.number().int(), warnings: z.array(z.enum(CONTENT_WARNING_KEYS)), warningOther: z.string().nullable(), warningsLocked: z.boolean() }),
});
export type ContentWarningModerationResponse = z.output<typeof contentWarningModerationResponseSchema>;

/** Content warnings: each member's choices, and the operators' change of a report's labels. */
export const CONTENT_WARNING_ENDPOINTS = {
  'contentWarnings.settings': endpoint('contentWarnings.settings', { access: 'member', response: contentWarningSettingsSchema, cache: 'private', errors: [] }),
  'contentWarnings.saveSettings': endpoint('contentWarnings.saveSettings', {
    access: 'member',
    body: contentWarningSettingsInputSchema,
    response: contentWarningSettingsSavedSchema,
    cache: 'private',
    errors: ['validation_error'],
  }),
  /** Audit-logged, the author told; drafts answer 404 like hiding. */
  'contentWarnings.moderate': endpoint('contentWarnings.moderate', {
    access: 'operator',
    params: z.object({ id: idParam }),
    notFoundMessage: REPORT_MESSAGES.notFound,
    body: contentWarningModerationInputSchema,
    response: contentWarningModerationResponseSchema,
    cache: 'private',
    errors: ['validation_error'],
  }),
};
