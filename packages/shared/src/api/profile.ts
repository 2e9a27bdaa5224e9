/** Response shapes of the profile calls, shared by the server's presenters and the UI client. */

/** A gender, sexual-orientation or role tag as a profile shows it. */
export interface ProfileTagRef {
  _id: number;
  name: string;
}

/** What anyone may see of a member: never an e-mail address or anything else private. */
export interface PublicProfile {
  username: string;
  publicId: string;
  /** Null when the member has no icon: the UI shows its default icon. */
  iconUrl: string | null;
  gender: ProfileTagRef | null;
  sexualOrientation: ProfileTagRef | null;
  role: ProfileTagRef | null;
  /** Without "@". */
  twitterId: string | null;
}

/** GET /api/profile: the member's own profile (today the same fields as the public one). */
export type OwnProfile = PublicProfile;

export interface ProfileCheckResponse {
  hasProfile: boolean;
}

/** POST /api/profile/createOrUpdate and POST /api/profile/deleteImage. */
export interface ProfileSavedResponse {
  message: string;
  profile: OwnProfile;
}

/** GET /api/profile/dashboard-stats: drafts count as created; likes only on published reports. */
export interface DashboardStats {
  reportCount: number;
  likesReceived: number;
}

/** The multipart field names of createOrUpdate. */
export const PROFILE_FORM_FIELDS = {
  username: 'username',
  icon: 'icon',
  gender: 'gender',
  sexualOrientation: 'sexualOrientation',
  role: 'role',
  twitterId: 'twitterId',
} as const;
