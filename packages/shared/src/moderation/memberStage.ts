import { z } from 'zod';
import { moderationReasonSchema } from './schemas';

/**
 * New members: why a member is in the new stage. `signup`: their first LIMITS.newMemberDays
 * days, which also end once they have published enough and been liked enough; `operator`: put back by an
 * operator; `cases`: put back by LIMITS.upheldCasesToNewStage upheld cases. Only `signup` ends early.
 */
export const NEW_STAGE_REASONS = ['signup', 'operator', 'cases'] as const;
export type NewStageReason = (typeof NEW_STAGE_REASONS)[number];

/** The stage as the operators' member history shows it. */
export const memberStageSchema = z.object({
  stage: z.enum(['new', 'established']),
  /** When the new stage ends at the latest (ISO); null when past it. */
  until: z.string().nullable(),
  reason: z.enum(NEW_STAGE_REASONS).nullable(),
});
export type MemberStageView = z.output<typeof memberStageSchema>;

/** POST /api/moderation/users/{publicId}/stage: `established` lifts the stage, `new` puts the member back to it. */
export const memberStageInputSchema = z.object({ stage: z.enum(['new', 'established']), reason: moderationReasonSchema });
export type MemberStageInput = z.input<typeof memberStageInputSchema>;
export const memberStageResponseSchema = z.object({ message: z.string(), changed: z.boolean(), stage: memberStageSchema });
export type MemberStageResponse = z.output<typeof memberStageResponseSchema>;
