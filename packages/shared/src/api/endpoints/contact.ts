import { z } from 'zod';
import { CONTACT_CATEGORIES } from '../../texts/contact/categories';
import { CONTACT_MESSAGES } from '../../texts/contact/messages';
import { contactInputSchema, enquiryHandledSchema, enquiryListQuerySchema } from '../../schemas/contact';
import type { ContactResponse, EnquiryHandledResponse, EnquiryItem, EnquiryListResponse, SiteConfigResponse } from '../contact';
import { endpoint } from './define';
import { idParam } from './params';

const enquiryItemSchema: z.ZodType<EnquiryItem> = z.object({
  _id: z.number(),
  category: z.union([z.enum(CONTACT_CATEGORIES), z.string()]),
  categoryLabel: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  content: z.string(),
  memberPublicId: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});

export const CONTACT_ENDPOINTS = {
  /** The contact form, for visitors and members; the mail goes only to the configured support address. */
  'contact.send': endpoint('contact.send', {
    access: 'public',
    body: contactInputSchema,
    response: z.object({ message: z.string() }) satisfies z.ZodType<ContactResponse>,
    status: 201,
    rateLimit: 'contact',
    cache: 'none',
    errors: [],
  }),
  /** What a deployment configures and the pages show (the privacy policy's support mailbox). */
  'site.config': endpoint('site.config', {
    access: 'public',
    response: z.object({ supportEmail: z.string() }) satisfies z.ZodType<SiteConfigResponse>,
    cache: { publicMaxAgeSec: 300 },
    errors: [],
  }),
  'enquiries.list': endpoint('enquiries.list', {
    access: 'operator',
    query: enquiryListQuerySchema,
    response: z.object({ enquiries: z.array(enquiryItemSchema), nextBefore: z.number().nullable() }) satisfies z.ZodType<EnquiryListResponse>,
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
    response: z.object({ message: z.string(), enquiry: enquiryItemSchema }) satisfies z.ZodType<EnquiryHandledResponse>,
    cache: 'none',
    errors: ['not_found'],
  }),
};
