export { commentInputSchema, commentListQuerySchema } from '@hiraku/shared';
