import { z } from 'zod';
import { COMMON_TEXTS } from '../../texts/common';
import { LIKE_MESSAGES } from '../../texts/like';
import { isIdString } from '../../schemas/ids';
import { endpoint } from './define';
import { idParam } from './params';
import { likeInfoSchema, likeToggleResponseSchema, reportLikeCountsSchema } from '../reports';

const MAX_IDS = 100;

/** GET /api/likes/report-counts?ids=1,2,3 (optional; at most 100 ids). */
export const likeCountsQuerySchema = z.object({
  ids: z
    .string({ error: COMMON_TEXTS.invalidInput })
    .optional()
    .transform((value, ctx): number[] | undefined => {
      if (value === undefined || value.trim() === '') return undefined;
      const parts = value.split(',').map((part) => part.trim());
      if (parts.length > MAX_IDS || !parts.every(isIdString)) {
        ctx.addIssue({ code: 'custom', message: COMMON_TEXTS.invalidInput });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    }),
});

/** No body flips; `{ liked }` asks for a state, so a retry changes nothing. */
export const likeToggleSchema = z
  .object({ liked: z.boolean({ error: COMMON_TEXTS.invalidInput }).optional() }, { error: COMMON_TEXTS.invalidInput })
  .nullish()
  .transform((body) => body ?? {});

const likedReport = { params: z.object({ reportId: idParam }), notFoundMessage: LIKE_MESSAGES.notFound } as const;

/** Likes: one per member and report, never on one's own report, counted exactly under concurrency. */
export const LIKE_ENDPOINTS = {
  'likes.counts': endpoint('likes.counts', {
    access: 'member',
    query: likeCountsQuerySchema,
    response: reportLikeCountsSchema,
    cache: 'private',
    errors: [],
  }),
  'likes.get': endpoint('likes.get', {
    access: 'member',
    ...likedReport,
    response: likeInfoSchema,
    cache: 'private',
    errors: ['authorization_error'],
  }),
  'likes.toggle': endpoint('likes.toggle', {
    access: 'member',
    ...likedReport,
    body: likeToggleSchema,
    response: likeToggleResponseSchema,
    rateLimit: 'likeToggle',
    cache: 'private',
    errors: ['authorization_error', 'conflict'],
  }),
};
