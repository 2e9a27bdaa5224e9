import { z } from 'zod';
import { LIMITS } from '../../limits';
import { emailSchema } from '../../schemas/account';
import { TAKEDOWN_REASONS, TAKEDOWN_REQUESTER_KINDS, type TakedownReason, type TakedownRequesterKind } from '../../texts/takedown/labels';
import { TAKEDOWN_MESSAGES as m } from '../../texts/takedown/messages';
import { FLAG_CATEGORIES } from '../../moderation/cases';
import { messageResponseSchema } from '../auth';
import { endpoint } from './define';
import { parseWebAddress, readTakedownAddress } from '../../takedownAddress';

const contentUrlSchema = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(LIMITS.takedownUrlMax, m.urlTooLong)
  .refine((value) => parseWebAddress(value) !== null, m.urlInvalid);

/**
 * The takedown form: anyone, signed in or not. The address must be confirmed by a link. This
 * is what needs no deployment to check; takedownRequestSchemaFor adds what the address must name.
 */
export const takedownRequestSchema = z.object({
  contentUrl: contentUrlSchema,
  requesterKind: z.enum(TAKEDOWN_REQUESTER_KINDS as [TakedownRequesterKind, ...TakedownRequesterKind[]], { error: m.requesterRequired }),
  reason: z.enum(TAKEDOWN_REASONS as [TakedownReason, ...TakedownReason[]], { error: m.reasonRequired }),
  description: z.string({ error: m.descriptionRequired }).trim().min(1, m.descriptionRequired).max(LIMITS.takedownDescriptionMax, m.descriptionTooLong),
  email: emailSchema,
});

/**
 * The form as the site at `siteOrigin` takes it: the address must be one of its own report,
 * comment or profile pages, since nothing elsewhere can be removed from here. The server checks every
 * request with it before storing or mailing anything; the browser, once it knows the origin.
 */
export function takedownRequestSchemaFor(siteOrigin: string) {
  return takedownRequestSchema.extend({
    contentUrl: contentUrlSchema.superRefine((value, ctx) => {
      const reading = readTakedownAddress(value, siteOrigin);
      if (reading.ok || reading.problem === 'format') return;
      ctx.addIssue({ code: 'custom', message: reading.problem === 'elsewhere' ? m.urlElsewhere : m.urlNotContent });
    }),
  });
}
export type TakedownRequestInput = z.input<typeof takedownRequestSchema>;

export const takedownConfirmQuerySchema = z.object({ token: z.string({ error: m.confirmInvalid }).trim().min(1, m.confirmInvalid).max(200, m.confirmInvalid) });

const categoryCounts = z.object(Object.fromEntries(FLAG_CATEGORIES.map((category) => [category, z.number().int().nonnegative()])) as Record<(typeof FLAG_CATEGORIES)[number], z.ZodNumber>);

/** One month of the transparency report: counts only, never a member, a piece of content or an address. */
export const transparencyMonthSchema = z.object({
  /** `2026-11`, in Japan time. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  casesOpened: categoryCounts,
  casesDecided: categoryCounts,
  /** Hours from opening to decision, median over the month's decisions; null without any. */
  medianHoursToDecision: z.number().nonnegative().nullable(),
  takedownRequestsReceived: z.number().int().nonnegative(),
  takedownRequestsActedOnInTime: z.number().int().nonnegative(),
  suspensions: z.number().int().nonnegative(),
});
export const transparencyReportSchema = z.object({
  /** When the figures were computed (they are regenerated once a day). */
  generatedAt: z.string(),
  months: z.array(transparencyMonthSchema),
});
export type TransparencyMonth = z.output<typeof transparencyMonthSchema>;
export type TransparencyReport = z.output<typeof transparencyReportSchema>;

/** Takedown requests and the transparency report: the public side of trust. */
export const TRUST_ENDPOINTS = {
  'takedown.create': endpoint('takedown.create', {
    access: 'public',
    body: takedownRequestSchema,
    response: messageResponseSchema,
    status: 201,
    rateLimit: 'takedownRequest',
    cache: 'no-store',
    errors: [],
  }),
  /** Opened from the mail link (through the web page /takedown-request/confirm): the request becomes a case. */
  'takedown.confirm': endpoint('takedown.confirm', {
    access: 'public',
    query: takedownConfirmQuerySchema,
    response: messageResponseSchema,
    rateLimit: 'takedownConfirm',
    cache: 'no-store',
    errors: [],
  }),
  'transparency.report': endpoint('transparency.report', {
    access: 'public',
    response: transparencyReportSchema,
    cache: { publicMaxAgeSec: 60 * 60 },
    errors: [],
  }),
};
