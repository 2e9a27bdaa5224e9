import { z } from 'zod';
import { COMMUNITY_MESSAGES } from '../communityMessages';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { MODERATION_MESSAGES } from '../moderation/messages';
import { charLength } from '../text';
import { idSchema } from './ids';

const m = MESSAGES.comment;

/** Comment text: Windows line ends made plain, trimmed; empty after trimming is refused. */
export const commentTextSchema = z
  .string({ error: m.empty })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .refine((text) => text !== '', m.empty)
  .refine((text) => charLength(text) <= LIMITS.commentMax, m.tooLong);

/** POST /api/comments */
export const commentInputSchema = z.object(
  {
    articleId: idSchema(COMMUNITY_MESSAGES.comment.articleRequired),
    text: commentTextSchema,
  },
  { error: MESSAGES.common.invalidInput },
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
    { error: MESSAGES.common.invalidInput },
  )
  .nullish()
  .transform((input) => ({ reason: input?.reason ?? null }));
export type CommentReportInput = z.output<typeof commentReportInputSchema>;

/** GET /api/comments?articleId= */
export const commentListQuerySchema = z.object({
  articleId: idSchema(COMMUNITY_MESSAGES.comment.articleRequired),
});
