import { z } from 'zod';
import { COMMUNITY_MESSAGES } from '../communityMessages';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
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

/** GET /api/comments?articleId= */
export const commentListQuerySchema = z.object({
  articleId: idSchema(COMMUNITY_MESSAGES.comment.articleRequired),
});
