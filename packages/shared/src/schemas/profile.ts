import { z } from 'zod';
import { COMMON_TEXTS } from '../texts/common';
import { PROFILE_MESSAGES } from '../texts/profile/messages';
import { LIMITS } from '../limits';
import { charLength } from '../text';

const m = PROFILE_MESSAGES;

// C0/C1 controls (newlines, tabs, escapes) and bidi overrides, which could make a name look like another.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** 1 to 20 characters after trimming, counted as a member counts them (code points). */
export const usernameSchema = z
  .string({ error: m.usernameRequired })
  .trim()
  .min(1, m.usernameRequired)
  .refine((name) => charLength(name) <= LIMITS.usernameMax, m.usernameTooLong)
  .refine((name) => !UNPRINTABLE.test(name), PROFILE_MESSAGES.usernameInvalidCharacters);

/** Optional; a leading "@" is dropped and the id is stored without it. Empty means "none". */
export const twitterIdSchema = z
  .string({ error: m.twitterIdInvalid })
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .refine((value) => value === '' || LIMITS.twitterIdPattern.test(value), m.twitterIdInvalid)
  .transform((value) => (value === '' ? null : value));

type ProfileTagCategory = 'gender' | 'sexualOrientation' | 'role';

/**
 * A tag id from a form (string) or JSON (number); empty means "not chosen". Whether the tag exists in the
 * right category is checked by the server against the database.
 */
export const profileTagIdSchema = (category: ProfileTagCategory) =>
  z
    .union([z.number(), z.string().trim(), z.null()], { error: PROFILE_MESSAGES.tagInvalid(category) })
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? null : Number(value)))
    .refine((value) => value === null || (Number.isSafeInteger(value) && value > 0), PROFILE_MESSAGES.tagInvalid(category));

/**
 * The fields of POST /api/profile/createOrUpdate (multipart; the icon file travels beside them). Any other
 * field, such as a member id or public id, is ignored: a member can only ever save their own profile.
 */
export const profileFormSchema = z.object({
  username: usernameSchema,
  twitterId: twitterIdSchema.optional().transform((value) => value ?? null),
  gender: profileTagIdSchema('gender'),
  sexualOrientation: profileTagIdSchema('sexualOrientation'),
  role: profileTagIdSchema('role'),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const deleteProfileImageSchema = z.object({
  publicId: z.string({ error: COMMON_TEXTS.invalidInput }).trim().min(1, COMMON_TEXTS.invalidInput).max(64, COMMON_TEXTS.invalidInput),
});
export type DeleteProfileImageInput = z.infer<typeof deleteProfileImageSchema>;
