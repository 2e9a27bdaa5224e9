import { z } from 'zod';
import { COMMON_TEXTS } from '../texts/common';
import { CONTACT_CATEGORIES } from '../texts/contact/categories';
import { ACCOUNT_MESSAGES } from '../texts/account/messages';
import { CONTACT_MESSAGES } from '../texts/contact/messages';
import { LIMITS } from '../limits';
import { charLength } from '../text';

const m = CONTACT_MESSAGES;

/** Empty or missing optional fields become null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .refine((text) => charLength(text) <= max, tooLong)
    .nullish()
    .transform((text) => (text ? text : null));

/** POST /api/contact: category and content required, name and e-mail optional (docs/product.md §5). */
export const contactInputSchema = z.object(
  {
    category: z.enum(CONTACT_CATEGORIES, { error: m.categoryRequired }),
    name: optionalText(LIMITS.contactNameMax, m.nameTooLong),
    email: z
      .string({ error: ACCOUNT_MESSAGES.emailInvalid })
      .trim()
      .max(LIMITS.emailMax, ACCOUNT_MESSAGES.emailInvalid)
      .nullish()
      .transform((email) => (email ? email : null))
      .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }).nullable()),
    content: z
      .string({ error: m.contentRequired })
      .transform((text) => text.replace(/\r\n?/g, '\n').trim())
      .refine((text) => text !== '', m.contentRequired)
      .refine((text) => charLength(text) <= LIMITS.contactContentMax, m.contentTooLong),
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type ContactInput = z.output<typeof contactInputSchema>;

/** GET /api/moderation/enquiries?status=&before= (newest first; `before` is the last id of the previous page). */
export const enquiryListQuerySchema = z.object({
  status: z.enum(['open', 'handled', 'all'], { error: COMMON_TEXTS.invalidInput }).default('open'),
  before: z.coerce.number({ error: COMMON_TEXTS.invalidInput }).int(COMMON_TEXTS.invalidInput).positive(COMMON_TEXTS.invalidInput).optional(),
});

/** PUT /api/moderation/enquiries/:id/handled */
export const enquiryHandledSchema = z.object({ handled: z.boolean({ error: COMMON_TEXTS.invalidInput }) });
