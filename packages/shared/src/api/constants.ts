/**
 * The plain values of the API contract, apart from the response schemas: the first screens need some of
 * them, and importing a module of schemas would bring zod into the first download (bench:bundle).
 */

/** Names of the cookies the API sets; the XSRF cookie is readable by scripts, the others are HttpOnly. */
export const COOKIE_NAMES = {
  access: 'hiraku_access',
  refresh: 'hiraku_refresh',
  xsrf: 'XSRF-TOKEN',
  /** When this browser last wrote (ms): its reads go to the primary database for a few seconds after. */
  wrote: 'hiraku_wrote',
} as const;
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * Where an operator without two-factor sign-in is sent (the `redirectUrl` of a `two_factor_required`
 * answer, and the screens' own guard): the two-factor section of the settings screen.
 */
export const TWO_FACTOR_SETUP_PATH = '/settings#two-factor';

/** The short-lived signed "password ok" cookie between the two steps of a login. */
export const LOGIN_CHALLENGE_COOKIE = 'hiraku_login_challenge';

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

/** Where the guide pages and the takedown form live (the UI's routes and the terms point here). */
export const TRUST_PATHS = {
  removalGuidelines: '/removal-guidelines',
  imageRules: '/image-rules',
  reportIllegalContent: '/report-illegal-content',
  takedownRequest: '/takedown-request',
  takedownConfirm: '/takedown-request/confirm',
  transparency: '/transparency',
} as const;
