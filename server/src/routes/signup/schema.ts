import { emailSchema, MESSAGES } from '@hiraku/shared';
import { z } from 'zod';

export const resendVerificationSchema = z.object({ email: emailSchema });

export const verifyEmailQuerySchema = z.object({
  token: z.string({ error: MESSAGES.auth.verifyInvalidToken }).trim().min(1, MESSAGES.auth.verifyInvalidToken).max(200, MESSAGES.auth.verifyInvalidToken),
});
