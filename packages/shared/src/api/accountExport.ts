import { z } from 'zod';
import { publicProfileSchema } from './profile';
import { reportDetailSchema } from './reports';
import { contentWarningSettingsSchema } from './contentWarnings';
import { ACCOUNT_EXPORT_HELD_FIELDS } from './accountExportHeld';

const isoDate = z.string();

/** Everything the site holds about a member, downloadable from the その他 menu (docs/decisions.md, privacy policy). */
export const accountExportSchema = z.object({
  exportedAt: isoDate,
  account: z.object({
    email: z.string(),
    publicId: z.string(),
    role: z.enum(['member', 'operator', 'admin']),
    emailVerifiedAt: isoDate.nullable(),
    adultAttestedAt: isoDate,
    createdAt: isoDate,
  }),
  profile: publicProfileSchema.nullable(),
  reports: z.array(reportDetailSchema),
  comments: z.array(z.object({ reportId: z.number().int(), text: z.string(), createdAt: isoDate })),
  likedReportIds: z.array(z.number().int()),
  searches: z.array(z.object({ query: z.string(), searchedAt: isoDate })),
  /** The member's choice per content warning. */
  contentWarningSettings: contentWarningSettingsSchema,
  enquiries: z.array(
    z.object({ category: z.string(), name: z.string().nullable(), email: z.string().nullable(), content: z.string(), createdAt: isoDate }),
  ),
  // 保存 and collections: every save, visible now or not, newest first; collections in the member's order.
  saves: z.array(z.object({ reportId: z.number().int(), savedAt: isoDate })),
  collections: z.array(z.object({ name: z.string(), reportIds: z.array(z.number().int()), createdAt: isoDate })),
  /**
   * Follows: whom the member follows or asks to follow, who follows them or asks to
   * (`pending`: a request), and their フォロー承認制.
   */
  follows: z.object({
    approval: z.boolean(),
    members: z.array(z.object({ publicId: z.string(), username: z.string().nullable(), state: z.enum(['approved', 'pending']), followedAt: isoDate })),
    tags: z.array(z.object({ id: z.number().int(), name: z.string(), followedAt: isoDate })),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), followedAt: isoDate })),
    followers: z.array(z.object({ publicId: z.string(), username: z.string().nullable(), state: z.enum(['approved', 'pending']), followedAt: isoDate })),
  }),
  // -- issue 39: settings, safety lists, sent flags, logins, reports being written --
  ...ACCOUNT_EXPORT_HELD_FIELDS,
  // -- end issue 39 --
});
export type AccountExport = z.output<typeof accountExportSchema>;
