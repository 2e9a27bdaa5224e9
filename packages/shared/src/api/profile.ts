import { z } from 'zod';

/** Response shapes of the profile calls, shared by the server's presenters and the UI client. */

/** A gender, sexual-orientation or role tag as a profile shows it. */
export const profileTagRefSchema = z.object({ _id: z.number().int(), name: z.string() });
export type ProfileTagRef = z.output<typeof profileTagRefSchema>;

/** What anyone may see of a member: never an e-mail address or anything else private. */
export const publicProfileSchema = z.object({
  username: z.string(),
  publicId: z.string(),
  /** Null when the member has no icon: the UI shows its default icon. */
  iconUrl: z.string().nullable(),
  gender: profileTagRefSchema.nullable(),
  sexualOrientation: profileTagRefSchema.nullable(),
  role: profileTagRefSchema.nullable(),
  /** Without "@". */
  twitterId: z.string().nullable(),
});
export type PublicProfile = z.output<typeof publicProfileSchema>;

/** GET /api/profile: the member's own profile (today the same fields as the public one). */
export type OwnProfile = PublicProfile;

export const profileCheckResponseSchema = z.object({ hasProfile: z.boolean() });
export type ProfileCheckResponse = z.output<typeof profileCheckResponseSchema>;

/** POST /api/profile/createOrUpdate and POST /api/profile/deleteImage. */
export const profileSavedResponseSchema = z.object({ message: z.string(), profile: publicProfileSchema });
export type ProfileSavedResponse = z.output<typeof profileSavedResponseSchema>;

/** GET /api/profile/dashboard-stats: drafts count as created; likes only on published reports. */
export const dashboardStatsSchema = z.object({ reportCount: z.number().int(), likesReceived: z.number().int() });
export type DashboardStats = z.output<typeof dashboardStatsSchema>;
