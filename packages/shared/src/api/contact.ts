import { z } from 'zod';
import { CONTACT_CATEGORIES } from '../texts/contact/categories';

/** POST /api/contact */
export const contactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.output<typeof contactResponseSchema>;

/** One enquiry as operators see it (GET /api/moderation/enquiries). Dates are ISO 8601 strings in UTC. */
export const enquiryItemSchema = z.object({
  _id: z.number(),
  category: z.union([z.enum(CONTACT_CATEGORIES), z.string()]),
  categoryLabel: z.string(),
  /** As the sender typed them; null when left empty. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  content: z.string(),
  /** The sender's public id when they were signed in and the account still exists. */
  memberPublicId: z.string().nullable(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type EnquiryItem = z.output<typeof enquiryItemSchema>;

/** Newest first; pass `nextBefore` as `before` for the next page (null: no more). */
export const enquiryListResponseSchema = z.object({ enquiries: z.array(enquiryItemSchema), nextBefore: z.number().nullable() });
export type EnquiryListResponse = z.output<typeof enquiryListResponseSchema>;

/** PUT /api/moderation/enquiries/:id/handled */
export const enquiryHandledResponseSchema = z.object({ message: z.string(), enquiry: enquiryItemSchema });
export type EnquiryHandledResponse = z.output<typeof enquiryHandledResponseSchema>;

/** GET /api/site-config: what a deployment configures and the pages show (the privacy policy's mailbox). */
export const siteConfigResponseSchema = z.object({
  supportEmail: z.string(),
  /**
   * The origin images are loaded from when the server does not serve them itself (S3 storage: the
   * bucket or its CDN); null when it does. The desktop app's policy allows it.
   */
  imageOrigin: z.string().nullable(),
  /** The site's own origin (PUBLIC_URL): the takedown form takes only addresses of its pages. */
  siteOrigin: z.string(),
});
export type SiteConfigResponse = z.output<typeof siteConfigResponseSchema>;
