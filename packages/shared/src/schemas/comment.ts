import { z } from 'zod';
import { COMMENT_MESSAGES } from '../texts/comment/messages';
import { COMMON_TEXTS } from '../texts/common';
import { MODERATION_MESSAGES } from '../texts/moderation/messages';
import { LIMITS } from '../limits';
import { charLength } from '../text';
import { idSchema } from './ids';

const m = COMMENT_MESSAGES;

/** Comment text: Windows line ends made plain, trimmed; empty after trimming is refused. */
export const commentTextSchema = z
  .string({ error: m.empty })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .refine((text) => text !== '', m.empty)
  .refine((text) => charLength(text) <= LIMITS.commentMax, m.tooLong);

/** POST /api/comments */
export const commentInputSchema = z.object(
  {
    articleId: idSchema(COMMENT_MESSAGES.articleRequired),
    text: commentTextSchema,
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type CommentInput = z.output<typeof commentInputSchema>;

/**
 * POST /api/comments/:id/report: the body is optional; a member may say why (up to
 * LIMITS.moderationReasonMax characters), which operators see in the queue.
 */
export const commentReportInputSchema = z
  .object(
    {
      reason: z
        .string({ error: MODERATION_MESSAGES.reasonTooLong })
        .trim()
        .refine((text) => charLength(text) <= LIMITS.moderationReasonMax, MODERATION_MESSAGES.reasonTooLong)
        .nullish()
        .transform((text) => (text ? text : null)),
    },
    { error: COMMON_TEXTS.invalidInput },
  )
  .nullish()
  .transform((input) => ({ reason: input?.reason ?? null }));
export type CommentReportInput = z.output<typeof commentReportInputSchema>;

/** GET /api/comments?articleId= */
export const commentListQuerySchema = z.object({
  articleId: idSchema(COMMENT_MESSAGES.articleRequired),
});
