import { emailSchema, MESSAGES, passwordSchema } from '@hiraku/shared';
import { z } from 'zod';

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string({ error: MESSAGES.auth.resetInvalidToken }).trim().min(1, MESSAGES.auth.resetInvalidToken).max(200, MESSAGES.auth.resetInvalidToken),
  newPassword: passwordSchema,
});
