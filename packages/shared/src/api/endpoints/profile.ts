import { z } from 'zod';
import { PROFILE_MESSAGES } from '../../texts/profile/messages';
import { deleteProfileImageSchema, profileFormSchema } from '../../schemas/profile';
import type { MultipartFields } from '../../schemas/report';
import { PROFILE_FORM_FIELDS } from '../constants';
import { endpoint, multipart } from './define';
import { dashboardStatsSchema, profileCheckResponseSchema, profileSavedResponseSchema, publicProfileSchema } from '../profile';

/** Each field's first value: the profile form sends every field once. */
function firstValues(fields: MultipartFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}

/**
 * A public id (12 URL-safe characters today, never all digits: server/src/auth/publicId.ts). An all-digit
 * value looks like an internal member id, and those are not accepted: walking them would list every member.
 */
export const profileLookupSchema = z.object({
  publicId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .refine((value) => !/^\d+$/.test(value)),
});

/**
 * The member's own profile (read, check, save, remove the icon), the dashboard counters and other
 * members' public profiles. Every write acts on the signed-in member only.
 */
export const PROFILE_ENDPOINTS = {
  /** 404 while the member has no profile yet. */
  'profile.own': endpoint('profile.own', { access: 'member', response: publicProfileSchema, cache: 'no-store', errors: ['not_found'] }),
  'profile.check': endpoint('profile.check', { access: 'member', response: profileCheckResponseSchema, cache: 'no-store', errors: [] }),
  'profile.dashboardStats': endpoint('profile.dashboardStats', {
    access: 'member',
    response: dashboardStatsSchema,
    cache: 'no-store',
    errors: [],
  }),
  /** Multipart with the icon as a file; a JSON body (no new icon) is accepted too. */
  'profile.save': endpoint('profile.save', {
    access: 'member',
    body: multipart(profileFormSchema, { files: [PROFILE_FORM_FIELDS.icon], fromFields: firstValues, jsonAlso: true,
  }),
    response: profileSavedResponseSchema,
    cache: 'none',
    errors: ['conflict'],
  }),
  'profile.deleteImage': endpoint('profile.deleteImage', {
    access: 'member',
    // Sent without a body it is the member's own icon that goes, as before.
    body: z.preprocess((body) => body ?? {}, deleteProfileImageSchema),
    response: profileSavedResponseSchema,
    cache: 'none',
    errors: ['authorization_error', 'not_found'],
  }),
  /**
   * Another member's profile, for signed-in members only (it tells orientation, role and X account, not
   * for the open web); suspended members and members without a profile are not found.
   */
  'profile.public': endpoint('profile.public', {
    access: 'member',
    params: profileLookupSchema,
    notFoundMessage: PROFILE_MESSAGES.notFound,
    response: publicProfileSchema,
    cache: 'none',
    errors: [],
  }),
};
