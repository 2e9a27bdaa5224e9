import { z } from 'zod';
import {
  noticeTemplateInputSchema,
  noticeTemplateListSchema,
  noticeTemplatePreviewInputSchema,
  noticeTemplatePreviewSchema,
  noticeTemplateRemovedSchema,
  noticeTemplateResponseSchema,
} from '../../moderation/noticeTemplates';
import { NOTICE_TEMPLATE_MESSAGES } from '../../texts/moderation/noticeTemplates';
import { endpoint } from './define';
import { idParam } from './params';

const templateId = { params: z.object({ id: idParam }), notFoundMessage: NOTICE_TEMPLATE_MESSAGES.notFound } as const;

/**
 * Notice templates: operators keep the reasons they give per decision and category, with the
 * placeholders checked ({対象} {理由}; any other is 400), and preview one as a member would read it.
 * Changes are audited.
 */
export const NOTICE_TEMPLATE_ENDPOINTS = {
  'noticeTemplates.list': endpoint('noticeTemplates.list', {
    access: 'operator',
    response: noticeTemplateListSchema,
    cache: 'private',
    errors: [],
  }),
  'noticeTemplates.create': endpoint('noticeTemplates.create', {
    access: 'operator',
    body: noticeTemplateInputSchema,
    response: noticeTemplateResponseSchema,
    status: 201,
    cache: 'private',
    errors: [],
  }),
  'noticeTemplates.update': endpoint('noticeTemplates.update', {
    access: 'operator',
    ...templateId,
    body: noticeTemplateInputSchema,
    response: noticeTemplateResponseSchema,
    cache: 'private',
    errors: [],
  }),
  'noticeTemplates.remove': endpoint('noticeTemplates.remove', {
    access: 'operator',
    ...templateId,
    response: noticeTemplateRemovedSchema,
    cache: 'private',
    errors: [],
  }),
  'noticeTemplates.preview': endpoint('noticeTemplates.preview', {
    access: 'operator',
    body: noticeTemplatePreviewInputSchema,
    response: noticeTemplatePreviewSchema,
    cache: 'private',
    errors: [],
  }),
};
