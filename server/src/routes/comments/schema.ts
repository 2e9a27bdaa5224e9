export { commentInputSchema, commentListQuerySchema, commentReportInputSchema } from '@hiraku/shared';
