import { z } from 'zod';
import { messageResponseSchema } from './auth';

/** Response shapes of /api/comments. Dates are ISO 8601 strings in UTC. */

export const commentAbilitiesSchema = z.object({
  /** The viewer wrote it. */
  delete: z.boolean(),
  /** Signed in and not the viewer's own comment. */
  report: z.boolean(),
});
export type CommentAbilities = z.output<typeof commentAbilitiesSchema>;

/** GET /api/comments?articleId= (newest first); POST /api/comments answers one (201). */
export const commentItemSchema = z.object({
  _id: z.number().int(),
  text: z.string(),
  /** The author's public id: link to /profile/{publicId}. */
  publicId: z.string(),
  /** Null only if the author has no profile: show COMMON_TEXTS.unknownAuthor and the default icon. */
  userProfile: z.object({ username: z.string(), icon: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  /** Hidden after reports or by an operator; only its author and operators receive hidden comments. */
  isHidden: z.boolean(),
  /** Holds one of the viewer's muted words: shown collapsed (SAFETY_TEXTS.mutedComment) until opened. */
  mutedWord: z.boolean(),
  abilities: commentAbilitiesSchema,
});
export type CommentItem = z.output<typeof commentItemSchema>;

/** DELETE /api/comments/:id, POST /api/comments/:id/report */
export type CommentMessageResponse = z.output<typeof messageResponseSchema>;
