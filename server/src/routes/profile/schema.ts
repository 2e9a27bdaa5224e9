import { z } from 'zod';

export { deleteProfileImageSchema, profileFormSchema } from '@hiraku/shared';

/** A public id (12 URL-safe characters today) or the numeric member id a report carries as its author. */
export const profileLookupSchema = z.object({
  idOrPublicId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
});
