import { ContactCategory } from '../texts/contact/categories';

/** POST /api/contact */
export interface ContactResponse {
  message: string;
}

/** One enquiry as operators see it (GET /api/moderation/enquiries). Dates are ISO 8601 strings in UTC. */
export interface EnquiryItem {
  _id: number;
  category: ContactCategory | string;
  categoryLabel: string;
  /** As the sender typed them; null when left empty. */
  name: string | null;
  email: string | null;
  content: string;
  /** The sender's public id when they were signed in and the account still exists. */
  memberPublicId: string | null;
  createdAt: string;
  handledAt: string | null;
}

/** Newest first; pass `nextBefore` as `before` for the next page (null: no more). */
export interface EnquiryListResponse {
  enquiries: EnquiryItem[];
  nextBefore: number | null;
}

/** PUT /api/moderation/enquiries/:id/handled */
export interface EnquiryHandledResponse {
  message: string;
  enquiry: EnquiryItem;
}

/** GET /api/site-config: what a deployment configures and the pages show (the privacy policy's mailbox). */
export interface SiteConfigResponse {
  supportEmail: string;
}
