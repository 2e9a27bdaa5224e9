/** X (Twitter) user names are at most this long. */
const TWITTER_ID_MAX = 15;

/**
 * Every number a member can run into, defined once and used by the server's validation and the UI alike
 * (docs/product.md §9 and docs/decisions.md).
 */
export const LIMITS = {
  /** Who may join (docs/product.md): the sign-up screen asks the visitor to confirm it. */
  minimumAge: 18,
  reportTitleMax: 30,
  playCategoriesMax: 3,
  playContentsMax: 7,
  toolsMax: 10,
  toolNameMax: 50,
  toolQuantityMax: 25,
  stepsMax: 10,
  initialSteps: 3,
  stepActionMax: 1000,
  reportTextMax: 5000,
  durationMax: 50,
  commentMax: 500,
  pageSize: 8,
  pageSizeMax: 50,
  cardTitleCut: 15,
  cardDescriptionCut: 55,
  profileDescriptionCut: 35,
  usernameMax: 20,
  twitterIdMax: TWITTER_ID_MAX,
  twitterIdPattern: new RegExp(`^[A-Za-z0-9_]{1,${TWITTER_ID_MAX}}$`),
  passwordMin: 8,
  passwordMax: 128,
  /** A second-factor code as typed: six digits, or a recovery code with its spaces and hyphens. */
  secondFactorCodeMax: 32,
  emailMax: 254,
  categoryNameMax: 50,
  tagNameMax: 50,
  searchQueryMax: 100,
  contactContentMax: 2000,
  contactNameMax: 100,
  /** The enquiry mail's subject quotes this many characters of the content (docs/product.md §7). */
  contactSubjectCut: 20,
  enquiriesPageSize: 50,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Pixels a decoded image may have before we refuse it as a decompression bomb. */
  imageMaxPixels: 40_000_000,
  mainImageMaxWidth: 1600,
  thumbnailSize: 300,
  iconSize: 160,
  commentReportsToHide: 3,
  /** Distinct flaggers that hide a target pending review: the severe categories, and any. */
  severeFlaggersToHide: 2,
  flaggersToHide: 3,
  flagNoteMax: 500,
  appealTextMax: 1000,
  appealWindowDays: 14,
  severeCaseDueHours: 24,
  caseDueHours: 72,
  caseBulkMax: 50,
  caseNoteMax: 1000,
  failedLoginsToLock: 5,
  /**
   * Issue 35: wrong two-factor codes counted per account, whatever the address: this many within
   * TIMINGS.wrongCodesWindowSec lock the account's code step (and the member is mailed).
   */
  wrongCodesToLock: 5,
  /** Issue 35: confirmation mails the takedown form sends to one address a day, and requests per address range an hour. */
  takedownMailsPerAddressPerDay: 3,
  takedownRequestsPerRangePerHour: 20,
  /** Two-factor sign-in: single-use recovery codes handed out when it is turned on. */
  recoveryCodeCount: 10,
  /** Takedown requests: the address named, the description, and the clocks of their cases. */
  takedownUrlMax: 2000,
  takedownDescriptionMax: 2000,
  takedownIntimateDueDays: 2,
  takedownOtherDueDays: 7,
  /**
   * Re-upload blocking and disclosure records (issue 38, docs/decisions.md). Two 64-bit difference hashes
   * this many bits apart or fewer are the same picture: resizing and re-encoding move a few bits, an
   * unrelated image about half of them.
   */
  imageHashMaxDistance: 10,
  /** How long the source address, port and time of a post or sign-in are kept (発信者情報開示). */
  disclosureRetentionMonths: 6,
  /** Digits of a TOTP code (what authenticator apps show). */
  totpDigits: 6,
  /** A code of the 30-second step before or after the server's clock is accepted too (clock drift). */
  totpWindowSteps: 1,
  popularKeywordMinMembers: 3,
  popularKeywordDays: 30,
  /** An operator's reason for a moderation action (and a member's optional reason for a comment report). */
  moderationReasonMax: 500,
  /** Issue 38: a notice template's name (its body is a reason: moderationReasonMax). */
  noticeTemplateNameMax: 40,
  moderationPageSize: 20,
  memberSearchMax: 20,
  memberQueryMax: 64,
  /** The smallest display order / popularity of a tag or category, and the smallest level. */
  taxonomyNumberMin: 0,
  taxonomyLevelMin: 1,
  /** Members one member may block / mute. */
  blocksMax: 1000,
  mutesMax: 1000,
  mutedWordsMax: 100,
  mutedWordMin: 1,
  mutedWordMax: 30,
  /** Content warnings: the free text that goes with the label その他. */
  contentWarningOtherMax: 50,
  // ---- 保存 and collections ----
  /** Reports one member may keep saved: search inside them hands the engine this many ids at most. */
  savesMax: 5000,
  /** Collections one member may name. */
  collectionsMax: 100,
  collectionNameMax: 30,
  /** A page of /saved (saves or a collection's reports). */
  savedPageSize: 24,
  // -- New members (issue 35; Discourse's trust level 0) --
  /** A member is new for this many days after signing up (or after being put back to the stage). */
  newMemberDays: 7,
  /** ...or, from sign-up, until they have this many published reports and this many likes received. */
  newMemberGraduationReports: 3,
  newMemberGraduationLikes: 10,
  /** What a new member may post per Japan day (follows: FOLLOW_LIMITS.newMemberFollowsPerDay). */
  newMemberReportsPerDay: 3,
  newMemberCommentsPerDay: 20,
  /** Upheld cases against a member (since their stage last changed) that put them back to the new stage. */
  upheldCasesToNewStage: 2,
  // -- The report form's autosave --
  /** Reports being written at once, each resumable from マイページ; a member needs a few, not hundreds. */
  reportAutosavesMax: 20,
  /** Quiet time after the last change before the form saves what is typed. */
  reportAutosaveDelayMs: 2000,
} as const;

/**
 * Passkeys: how many a member may keep, their names, the longest credential id stored (real
 * ones are 16 to 64 bytes; the column holds 400 base64url characters), and how long a challenge handed
 * out for a registration or a sign-in stays usable (once).
 */
export const PASSKEY_LIMITS = {
  perMember: 10,
  nameMax: 50,
  credentialIdMax: 400,
  /** A response (clientDataJSON, attestationObject ...) larger than this is not one a passkey sends. */
  responseFieldMax: 16_000,
  challengeTtlSec: 5 * 60,
} as const;

/** How long a muted word lasts: a day, a week, a month, or until removed. */
export const MUTED_WORD_DURATIONS = ['1d', '7d', '30d', 'forever'] as const;
export type MutedWordDuration = (typeof MUTED_WORD_DURATIONS)[number];
export const MUTED_WORD_DURATION_DAYS: Record<MutedWordDuration, number | null> = { '1d': 1, '7d': 7, '30d': 30, forever: null };

export const TIMINGS = {
  requestTimeoutMs: 15_000,
  loginForbiddenRedirectMs: 2_000,
  deleteAccountSlowMs: 30_000,
  deleteAccountRedirectMs: 2_000,
  accessTokenTtlSec: 15 * 60,
  sessionMaxAgeSec: 14 * 24 * 60 * 60,
  verifyEmailTtlSec: 24 * 60 * 60,
  passwordResetTtlSec: 60 * 60,
  /** Issue 35: the link that confirms a new e-mail address. */
  emailChangeTtlSec: 24 * 60 * 60,
  lockoutSec: 24 * 60 * 60,
  /** Issue 35: the window in which LIMITS.wrongCodesToLock wrong codes lock an account's code step. */
  wrongCodesWindowSec: 15 * 60,
  /** Between the right password and the code: the signed "password ok" cookie lives this long. */
  loginChallengeTtlSec: 5 * 60,
  /** The takedown form's confirmation link. */
  takedownConfirmTtlSec: 24 * 60 * 60,
  totpPeriodSec: 30,
  /** Step-up: a proof of identity (password + code, or a passkey) counts this long on its session. */
  stepUpFreshSec: 10 * 60,
  menuTypeAheadMs: 350,
  sentinelThreshold: 0.1,
} as const;

export const SORT_OPTIONS = ['new', 'old', 'like'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

// ---- follows -------------------------------------------------------------------------
/** The report list's tabs: the three shared orders plus フォロー中 (members only, never a shared page). */
export const FEED_SORT_OPTIONS = [...SORT_OPTIONS, 'following'] as const;
export type FeedSortOption = (typeof FEED_SORT_OPTIONS)[number];
/** Who a report is written for: 全会員 (every member) or フォロワーのみ (approved followers). */
export const REPORT_AUDIENCES = ['members', 'followers'] as const;
export type ReportAudience = (typeof REPORT_AUDIENCES)[number];
export const FOLLOW_LIMITS = {
  /** Members, tags and categories together. */
  followsMax: 2_000,
  /**
   * Follows a new member may add per Japan day (issue 35: commands/memberStage.ts, through
   * FOLLOW_GATES in commands/follows.ts).
   */
  newMemberFollowsPerDay: 20,
  /** GET /api/follows and the followers list: page size. */
  followListPage: 50,
} as const;
// ---- end follows ---------------------------------------------------------------------------------
export const DEFAULT_SORT: SortOption = 'new';
export const SORT_STORAGE_KEY = 'sortOption';
/**
 * The same choice told to the server, set only while it is not the default: the server renders /reports'
 * first screen in the default order (the one firstScreens.json reads), and sends the page without it to a
 * member whose list starts in another (server/src/middlewares/firstScreenHtml.ts).
 */
export const SORT_COOKIE = 'hiraku_sort';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Dates are shown in Japan time whatever the member's machine says (docs/decisions.md). */
export const DISPLAY_TIME_ZONE = 'Asia/Tokyo';
