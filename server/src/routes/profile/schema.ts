import { z } from 'zod';

export { deleteProfileImageSchema, profileFormSchema } from '@hiraku/shared';

/**
 * A public id (12 URL-safe characters today, never all digits: auth/publicId.ts). An all-digit value
 * looks like an internal member id, and those are not accepted: walking them would list every member.
 */
export const profileLookupSchema = z.object({
  publicId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .refine((value) => !/^\d+$/.test(value)),
});
