import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../texts/account/messages';
import { LIMITS } from '../limits';

const m = ACCOUNT_MESSAGES;

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(LIMITS.emailMax, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }))
  // Addresses are compared case-insensitively, so one person cannot hold two accounts by changing case.
  .transform((email) => email.toLowerCase());

/** Length rules only: the common-password check runs on the server, which holds the list. */
export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .refine((p) => Array.from(p).length >= LIMITS.passwordMin, m.passwordTooShort)
  .refine((p) => Array.from(p).length <= LIMITS.passwordMax, m.passwordTooLong);

export const signupSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  agreedToTerms: z.literal(true, { error: m.mustAgreeToTerms }),
});
export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired).max(LIMITS.passwordMax * 4, m.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;
