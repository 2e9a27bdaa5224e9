import { CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, type ContactCategory, type EnquiryItem } from '@hiraku/shared';
import type { ContactEnquiry } from '../models';

const isKnownCategory = (category: string): category is ContactCategory => (CONTACT_CATEGORIES as readonly string[]).includes(category);

/** An enquiry for operators: the sender's public id, never the internal one. */
export function presentEnquiry(enquiry: ContactEnquiry): EnquiryItem {
  return {
    _id: enquiry.id,
    category: enquiry.category,
    categoryLabel: isKnownCategory(enquiry.category) ? CONTACT_CATEGORY_LABELS[enquiry.category] : enquiry.category,
    name: enquiry.name,
    email: enquiry.email,
    content: enquiry.content,
    memberPublicId: enquiry.user?.publicId ?? null,
    createdAt: enquiry.createdAt.toISOString(),
    handledAt: enquiry.handledAt?.toISOString() ?? null,
  };
}
