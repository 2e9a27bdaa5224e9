import { z } from 'zod';
import { CONTACT_CATEGORIES } from '../contactTexts';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { charLength } from '../text';

const m = MESSAGES.contact;

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
      .string({ error: m.emailInvalid })
      .trim()
      .max(LIMITS.emailMax, m.emailInvalid)
      .nullish()
      .transform((email) => (email ? email : null))
      .pipe(z.email({ error: m.emailInvalid }).nullable()),
    content: z
      .string({ error: m.contentRequired })
      .transform((text) => text.replace(/\r\n?/g, '\n').trim())
      .refine((text) => text !== '', m.contentRequired)
      .refine((text) => charLength(text) <= LIMITS.contactContentMax, m.contentTooLong),
  },
  { error: MESSAGES.common.invalidInput },
);
export type ContactInput = z.output<typeof contactInputSchema>;

/** GET /api/moderation/enquiries?status=&before= (newest first; `before` is the last id of the previous page). */
export const enquiryListQuerySchema = z.object({
  status: z.enum(['open', 'handled', 'all'], { error: MESSAGES.common.invalidInput }).default('open'),
  before: z.coerce.number({ error: MESSAGES.common.invalidInput }).int(MESSAGES.common.invalidInput).positive(MESSAGES.common.invalidInput).optional(),
});

/** PUT /api/moderation/enquiries/:id/handled */
export const enquiryHandledSchema = z.object({ handled: z.boolean({ error: MESSAGES.common.invalidInput }) });
