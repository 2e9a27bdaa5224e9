import { z } from 'zod';
import { LIMITS } from '../limits';
import { charLength } from '../text';
import { FLAG_MESSAGES as f } from '../texts/flag/messages';
import { CASE_MESSAGES as c } from '../texts/moderation/cases';
import { MODERATION_MESSAGES as m } from '../texts/moderation/messages';
import { DECISION_RULE_MESSAGES as r } from '../texts/moderation/rules';
import {
  APPEAL_ACTIONS,
  BULK_CASE_ACTIONS,
  CASE_ACTIONS,
  CASE_DECISIONS,
  CASE_STATUSES,
  CASE_TYPES,
  FLAG_CATEGORIES,
  FLAG_TARGET_TYPES,
  type CaseDecision,
} from './cases';
import { moderationReasonSchema } from './schemas';

/** Inputs of flags, cases and appeals. The answers' schemas are in caseResponses.ts. */

const text = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).transform((value) => value.replace(/\r\n?/g, '\n').trim()).refine((value) => charLength(value) <= max, tooLong);

/**
 * The target's id as the client has it: a report's or comment's number, or a member's public id.
 * The server reads it by `targetType` (a malformed one is a target that does not exist: 404).
 */
const targetIdSchema = z.union([z.number().int().positive().transform(String), z.string().trim().min(1).max(64)], { error: f.targetInvalid });

/** POST /api/flags */
export const flagInputSchema = z.object(
  {
    targetType: z.enum(FLAG_TARGET_TYPES, { error: f.targetTypeInvalid }),
    targetId: targetIdSchema,
    category: z.enum(FLAG_CATEGORIES, { error: f.categoryInvalid }),
    note: text(LIMITS.flagNoteMax, f.noteTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  { error: f.categoryInvalid },
);
export type FlagInput = z.output<typeof flagInputSchema>;

const emptyToUndefined = <T>(value: T | '' | undefined): T | undefined => (value === '' ? undefined : value);

/** GET /api/moderation/cases?status=&type=&category=&claimed=&overdue=&cursor= ; empty filters mean all. */
export const caseQuerySchema = z.object({
  status: z.enum(CASE_STATUSES, { error: m.statusInvalid }).default('open'),
  type: z.union([z.enum(CASE_TYPES), z.literal('')], { error: c.filterInvalid }).optional().transform(emptyToUndefined),
  category: z.union([z.enum(FLAG_CATEGORIES), z.literal('')], { error: c.filterInvalid }).optional().transform(emptyToUndefined),
  /** `me`: claimed by the caller; `yes`: by anyone; `no`: by nobody. */
  claimed: z.union([z.enum(['me', 'yes', 'no']), z.literal('')], { error: c.filterInvalid }).optional().transform(emptyToUndefined),
  overdue: z.union([z.enum(['true', 'false']), z.literal('')], { error: c.filterInvalid }).optional().transform((value) => value === 'true'),
  cursor: z.string({ error: m.cursorInvalid }).max(200, m.cursorInvalid).optional(),
});
export type CaseQuery = z.output<typeof caseQuerySchema>;

/** POST /api/moderation/cases/{id}/notes */
export const caseNoteInputSchema = z.object(
  { text: text(LIMITS.caseNoteMax, c.noteTooLong).refine((value) => value !== '', c.noteRequired) },
  { error: c.noteRequired },
);
export type CaseNoteInput = z.output<typeof caseNoteInputSchema>;

/** POST /api/moderation/cases/{id}/escalate: 要相談, with what the operator wants the admins to look at. */
export const escalateCaseInputSchema = z.object({ reason: moderationReasonSchema }, { error: m.reasonRequired });
export type EscalateCaseInput = z.output<typeof escalateCaseInputSchema>;

const untilSchema = z.iso
  .datetime({ offset: true, error: m.untilInvalid })
  .transform((value) => new Date(value))
  .nullish()
  .transform((value) => value ?? null);

/**
 * POST /api/moderation/cases/{id}/resolve. Flag cases take CASE_ACTIONS, appeal cases APPEAL_ACTIONS
 * (the server refuses the other kind with 400). `until` only for `suspend`. `selfReviewReason`: on a
 * site with a single operator, why that operator decides an appeal against their own decision (audited).
 */
export const resolveCaseInputSchema = z.object(
  {
    action: z.enum(CASE_DECISIONS as [CaseDecision, ...CaseDecision[]], { error: m.actionInvalid }),
    reason: moderationReasonSchema,
    until: untilSchema,
    selfReviewReason: text(LIMITS.moderationReasonMax, r.selfReviewReasonTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  { error: m.actionInvalid },
);
export type ResolveCaseInput = z.output<typeof resolveCaseInputSchema>;
export const isAppealAction = (action: CaseDecision): action is (typeof APPEAL_ACTIONS)[number] => (APPEAL_ACTIONS as readonly string[]).includes(action);
export const isFlagCaseAction = (action: CaseDecision): action is (typeof CASE_ACTIONS)[number] => (CASE_ACTIONS as readonly string[]).includes(action);

/** POST /api/moderation/cases/bulk-resolve: all or nothing. */
export const bulkResolveInputSchema = z.object(
  {
    ids: z
      .array(z.number({ error: c.bulkIdsInvalid }).int(c.bulkIdsInvalid).positive(c.bulkIdsInvalid), { error: c.bulkIdsInvalid })
      .min(1, c.bulkIdsInvalid)
      .max(LIMITS.caseBulkMax, c.bulkIdsInvalid)
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(BULK_CASE_ACTIONS, { error: m.actionInvalid }),
    reason: moderationReasonSchema,
  },
  { error: c.bulkIdsInvalid },
);
export type BulkResolveInput = z.output<typeof bulkResolveInputSchema>;

/** POST /api/appeals */
export const appealInputSchema = z.object(
  {
    caseId: z.number({ error: f.caseNotFound }).int(f.caseNotFound).positive(f.caseNotFound),
    text: text(LIMITS.appealTextMax, f.appealTextTooLong).refine((value) => value !== '', f.appealTextRequired),
  },
  { error: f.appealTextRequired },
);
export type AppealInput = z.output<typeof appealInputSchema>;

/** GET /api/decisions?targetType=&targetId= : the state of review of the caller's own content. */
export const decisionTargetQuerySchema = z.object({
  targetType: z.enum(FLAG_TARGET_TYPES, { error: f.targetTypeInvalid }),
  targetId: z.string({ error: f.targetInvalid }).trim().min(1, f.targetInvalid).max(64, f.targetInvalid),
});
export type DecisionTargetQuery = z.output<typeof decisionTargetQuerySchema>;
