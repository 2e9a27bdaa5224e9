import { z } from 'zod';
import { AUTOSAVE_TEXTS } from '../texts/autosave';
import { CONTENT_WARNING_KEYS } from '../contentWarnings';
import { LIMITS, REPORT_AUDIENCES } from '../limits';
import { charLength } from '../text';
import type { ReportFormValues } from './report';

const invalid = AUTOSAVE_TEXTS.invalid;

/** Text as typed (not trimmed: the member is still writing), no longer than the form allows. */
const typed = (max: number) => z.string({ error: invalid }).refine((value) => charLength(value) <= max, invalid);
const tagId = z.number({ error: invalid }).int().positive();

/**
 * What an autosave holds: the report form's values exactly as typed, half-written rows and
 * missing ※ fields included, within the form's own limits. Only the image is left out: a file is sent
 * with its two attestations when the report is saved, never on its own.
 */
export const reportAutosaveValuesSchema = z.object(
  {
    title: typed(LIMITS.reportTitleMax),
    description: typed(LIMITS.reportTextMax),
    tips: typed(LIMITS.reportTextMax),
    duration: typed(LIMITS.durationMax),
    gender: tagId.nullable(),
    sexualOrientation: tagId.nullable(),
    role: tagId.nullable(),
    isDraft: z.boolean({ error: invalid }),
    tools: z.array(z.object({ name: typed(LIMITS.toolNameMax), quantity: typed(LIMITS.toolQuantityMax) }), { error: invalid }).max(LIMITS.toolsMax, invalid),
    play: z
      .array(z.object({ stepNumber: z.number({ error: invalid }).int(), action: typed(LIMITS.stepActionMax) }), { error: invalid })
      .max(LIMITS.stepsMax, invalid),
    playCategories: z.array(tagId, { error: invalid }).max(LIMITS.playCategoriesMax, invalid),
    playContents: z.array(tagId, { error: invalid }).max(LIMITS.playContentsMax, invalid),
    removeMainImage: z.boolean({ error: invalid }).optional(),
    imageSensitive: z.boolean({ error: invalid }).optional(),
    // Content warnings and the audience are typed like the rest: kept as chosen.
    warnings: z.array(z.enum(CONTENT_WARNING_KEYS, { error: invalid }), { error: invalid }).max(CONTENT_WARNING_KEYS.length, invalid).optional(),
    warningOther: typed(LIMITS.contentWarningOtherMax).optional(),
    audience: z.enum(REPORT_AUDIENCES, { error: invalid }).optional(),
  },
  { error: invalid },
) satisfies z.ZodType<Omit<ReportFormValues, 'imageConsent' | 'imageMosaic'>>;

export type ReportAutosaveValues = z.output<typeof reportAutosaveValuesSchema>;

/** The form's values as an autosave holds them (the attestations belong to a chosen file, which is not kept). */
export function autosaveValuesOf(values: ReportFormValues): ReportAutosaveValues {
  const { imageConsent: _consent, imageMosaic: _mosaic, ...kept } = values;
  return kept;
}
