import { REPORT_MESSAGES } from '../../texts/report/messages';
import { memberReportsQuerySchema, REPORT_IMAGE_FIELD, reportFeedQuerySchema, reportFieldsFromMultipart, reportInputSchema } from '../../schemas/report';
import { z } from 'zod';
import { endpoint, multipart } from './define';
import { idParam } from './params';
import { messageResponseSchema } from '../auth';
import { myReportListItemSchema, reportDetailSchema, reportImageUrlsSchema, reportListItemSchema, reportMutationResponseSchema, reportPageSchema } from '../reports';

/**
 * Play reports. Reading needs a signed-in member too: the content is for adults who attested their age
 * at sign-up. Answers depend on who asks (drafts, abilities), so shared caches never keep them.
 */
const reportId = { params: z.object({ id: idParam }), notFoundMessage: REPORT_MESSAGES.notFound } as const;

/** Writes are multipart (docs/product.md §7): the text fields of reportFormEntries() and at most one image. */
const reportForm = multipart(reportInputSchema, {
  files: [REPORT_IMAGE_FIELD],
  fromFields: reportFieldsFromMultipart,
  malformedMessage: REPORT_MESSAGES.formInvalid,
  jsonAlso: false,
});

export const REPORT_ENDPOINTS = {
  'reports.feed': endpoint('reports.feed', {
    access: 'member',
    query: reportFeedQuerySchema,
    response: reportPageSchema,
    cache: 'private',
    errors: [],
  }),
  'reports.mine': endpoint('reports.mine', {
    access: 'member',
    response: z.array(myReportListItemSchema),
    cache: 'private',
    errors: [],
  }),
  'reports.byMember': endpoint('reports.byMember', {
    access: 'member',
    query: memberReportsQuerySchema,
    response: z.array(reportListItemSchema),
    cache: 'private',
    errors: ['not_found'],
  }),
  'reports.get': endpoint('reports.get', {
    access: 'member',
    ...reportId,
    response: reportDetailSchema,
    cache: 'private',
    errors: ['authorization_error'],
  }),
  'reports.create': endpoint('reports.create', {
    access: 'member',
    body: reportForm,
    response: reportMutationResponseSchema,
    status: 201,
    cache: 'private',
    // rate_limited: a new member past the day's published reports, with the Japanese reason.
    errors: ['validation_error', 'payload_too_large', 'rate_limited'],
  }),
  'reports.update': endpoint('reports.update', {
    access: 'member',
    ...reportId,
    body: reportForm,
    response: reportMutationResponseSchema,
    cache: 'private',
    // rate_limited: publishing a draft, for a new member past the day's published reports.
    errors: ['authorization_error', 'validation_error', 'payload_too_large', 'rate_limited'],
  }),
  /**
   * The full image addresses of a report the viewer may read, for the 表示する tap on a blurred image
   *: the list and detail answers leave them out for members who chose ぼかす or 表示しない.
   */
  'reports.image': endpoint('reports.image', {
    access: 'member',
    ...reportId,
    response: reportImageUrlsSchema,
    cache: 'private',
    errors: ['authorization_error'],
  }),
  'reports.remove': endpoint('reports.remove', {
    access: 'member',
    ...reportId,
    response: messageResponseSchema,
    cache: 'private',
    errors: ['authorization_error'],
  }),
};
