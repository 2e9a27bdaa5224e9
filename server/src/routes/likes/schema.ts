import { isIdString, MESSAGES } from '@hiraku/shared';
import { z } from 'zod';

/** POST /api/likes/:reportId/toggle: no body flips; `{ liked }` asks for a state, so a retry changes nothing. */
export const likeToggleSchema = z
  .object({ liked: z.boolean({ error: MESSAGES.common.invalidInput }).optional() }, { error: MESSAGES.common.invalidInput })
  .nullish()
  .transform((body) => body ?? {});

const MAX_IDS = 100;

/** GET /api/likes/report-counts?ids=1,2,3 (optional; at most 100 ids). */
export const likeCountsQuerySchema = z.object({
  ids: z
    .string({ error: MESSAGES.common.invalidInput })
    .optional()
    .transform((value, ctx): number[] | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const parts = value.split(',').map((part) => part.trim());
      if (parts.length > MAX_IDS || !parts.every(isIdString)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.common.invalidInput });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    }),
});
