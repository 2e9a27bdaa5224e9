/**
 * The plain values of the API contract, apart from the response schemas: the first screens need some of
 * them, and importing a module of schemas would bring zod into the first download (bench:bundle).
 */

/** Names of the cookies the API sets; the XSRF cookie is readable by scripts, the others are HttpOnly. */
export const COOKIE_NAMES = {
  access: 'hiraku_access',
  refresh: 'hiraku_refresh',
  xsrf: 'XSRF-TOKEN',
} as const;
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The multipart field names of createOrUpdate. */
export const PROFILE_FORM_FIELDS = {
  username: 'username',
  icon: 'icon',
  gender: 'gender',
  sexualOrientation: 'sexualOrientation',
  role: 'role',
  twitterId: 'twitterId',
} as const;

/** How many characters of the feelings a list item carries. */
export const REPORT_LIST_DESCRIPTION_MAX = 100;
