import { LIMITS, MESSAGES } from '@hiraku/shared';
import { z } from 'zod';

export const deleteAccountSchema = z.object({
  // Only "is it the member's password" matters here, not today's password rules.
  password: z.string({ error: MESSAGES.auth.passwordRequired }).min(1, MESSAGES.auth.passwordRequired).max(LIMITS.passwordMax * 4, MESSAGES.auth.wrongPassword),
});
