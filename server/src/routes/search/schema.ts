export { reportSearchQuerySchema, type ReportSearchQuery } from '@hiraku/shared';
