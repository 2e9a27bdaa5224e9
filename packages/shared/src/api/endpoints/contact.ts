import { z } from 'zod';
import { CONTACT_MESSAGES } from '../../texts/contact/messages';
import { contactInputSchema, enquiryHandledSchema, enquiryListQuerySchema } from '../../schemas/contact';
import { contactResponseSchema, enquiryHandledResponseSchema, enquiryItemSchema, enquiryListResponseSchema, siteConfigResponseSchema } from '../contact';
import { endpoint } from './define';
import { idParam } from './params';

export const CONTACT_ENDPOINTS = {
  /** The contact form, for visitors and members; the mail goes only to the configured support address. */
  'contact.send': endpoint('contact.send', {
    access: 'public',
    body: contactInputSchema,
    response: contactResponseSchema,
    status: 201,
    rateLimit: 'contact',
    cache: 'none',
    errors: [],
  }),
  /** What a deployment configures and the pages show (the privacy policy's support mailbox, the takedown form's site). */
  'site.config': endpoint('site.config', {
    access: 'public',
    response: siteConfigResponseSchema,
    cache: { publicMaxAgeSec: 300 },
    errors: [],
  }),
  'enquiries.list': endpoint('enquiries.list', {
    access: 'operator',
    query: enquiryListQuerySchema,
    response: enquiryListResponseSchema,
    cache: 'no-store',
    errors: [],
  }),
  'enquiries.get': endpoint('enquiries.get', {
    access: 'operator',
    params: z.object({ id: idParam }),
    notFoundMessage: CONTACT_MESSAGES.enquiryNotFound,
    response: enquiryItemSchema,
    cache: 'no-store',
    errors: ['not_found'],
  }),
  'enquiries.setHandled': endpoint('enquiries.setHandled', {
    access: 'operator',
    params: z.object({ id: idParam }),
    notFoundMessage: CONTACT_MESSAGES.enquiryNotFound,
    body: enquiryHandledSchema,
    response: enquiryHandledResponseSchema,
    cache: 'none',
    errors: ['not_found'],
  }),
};
