import { z } from 'zod';
import { LIMITS } from '../../limits';
import { STEP_UP_MESSAGES as m } from '../../texts/stepUp/messages';
import { messageResponseSchema } from '../auth';
import { endpoint } from './define';
import { secondFactorCodeSchema } from './security';

/** The step-up dialog's proof: the password, and the code when two-factor sign-in is on (the server knows). */
export const stepUpSchema = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(LIMITS.passwordMax * 4, m.wrongPassword),
  code: secondFactorCodeSchema.optional(),
});
export type StepUpInput = z.input<typeof stepUpSchema>;

/** Step-up (issue 35): renews this session's proof of identity for TIMINGS.stepUpFreshSec. */
export const STEP_UP_ENDPOINTS = {
  'stepUp.confirm': endpoint('stepUp.confirm', {
    access: 'member',
    body: stepUpSchema,
    response: messageResponseSchema,
    rateLimit: 'stepUp',
    cache: 'no-store',
    errors: ['conflict'],
  }),
};
