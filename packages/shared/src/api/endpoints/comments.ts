import { z } from 'zod';
import { COMMENT_MESSAGES } from '../../texts/comment/messages';
import { commentInputSchema, commentListQuerySchema, commentReportInputSchema } from '../../schemas/comment';
import { endpoint } from './define';
import { idParam } from './params';
import { messageResponseSchema } from '../auth';
import { commentItemSchema } from '../comments';

const commentId = { params: z.object({ id: idParam }), notFoundMessage: COMMENT_MESSAGES.notFound } as const;

/** Comments on reports: signed-in members post, authors delete their own, anyone else may report one. */
export const COMMENT_ENDPOINTS = {
  /** Newest first; hidden comments only for their author and operators. */
  'comments.list': endpoint('comments.list', {
    access: 'member',
    query: commentListQuerySchema,
    response: z.array(commentItemSchema),
    cache: 'private',
    errors: ['not_found', 'authorization_error'],
  }),
  'comments.create': endpoint('comments.create', {
    access: 'member',
    body: commentInputSchema,
    response: commentItemSchema,
    status: 201,
    cache: 'private',
    // rate_limited: a new member past the day's comments, with the Japanese reason.
    errors: ['not_found', 'authorization_error', 'rate_limited'],
  }),
  'comments.remove': endpoint('comments.remove', {
    access: 'member',
    ...commentId,
    response: messageResponseSchema,
    cache: 'private',
    errors: ['authorization_error'],
  }),
  /** A second report by the same member is accepted and changes nothing (docs/decisions.md): same answer. */
  'comments.report': endpoint('comments.report', {
    access: 'member',
    ...commentId,
    body: commentReportInputSchema,
    response: messageResponseSchema,
    cache: 'private',
    errors: ['authorization_error'],
  }),
};
