import { z } from 'zod';
import { publicProfileSchema } from './profile';
import { reportDetailSchema } from './reports';
import { ACCOUNT_EXPORT_HELD_FIELDS } from './accountExportHeld';

const isoDate = z.string();

/** Everything the site holds about a member, downloadable from the その他 menu (docs/decisions.md, privacy policy). */
export const accountExportSchema = z.object({
  exportedAt: isoDate,
  account: z.object({
    email: z.string(),
    publicId: z.string(),
    role: z.enum(['member', 'operator']),
    emailVerifiedAt: isoDate.nullable(),
    adultAttestedAt: isoDate,
    createdAt: isoDate,
  }),
  profile: publicProfileSchema.nullable(),
  reports: z.array(reportDetailSchema),
  comments: z.array(z.object({ reportId: z.number().int(), text: z.string(), createdAt: isoDate })),
  likedReportIds: z.array(z.number().int()),
  searches: z.array(z.object({ query: z.string(), searchedAt: isoDate })),
  enquiries: z.array(
    z.object({ category: z.string(), name: z.string().nullable(), email: z.string().nullable(), content: z.string(), createdAt: isoDate }),
  ),
  // -- issue 39: settings, safety lists, sent flags, logins, reports being written --
  ...ACCOUNT_EXPORT_HELD_FIELDS,
  // -- end issue 39 --
});
export type AccountExport = z.output<typeof accountExportSchema>;
