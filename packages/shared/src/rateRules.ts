import { LIKE_MESSAGES } from './texts/like';

/** Who a counter belongs to: the client's address (anonymous forms) or the signed-in member. */
export type RateRuleScope = 'ip' | 'member';

export interface RateRuleDefinition {
  readonly limit: number;
  readonly windowSec: number;
  readonly per: RateRuleScope;
  /** The text of the 429 answer; the general "too many requests" text when unset. */
  readonly message?: string;
}

/**
 * Every rate limit of the API, in one table; endpoints name their rule in the endpoint map
 * (api/endpoints) and the server enforces it before the handler runs. The per-IP account limits are
 * loose enough for a household behind one address and tight enough to make password guessing and mail
 * bombing slow. The server multiplies every limit by RATE_LIMIT_FACTOR (the browser tests raise it).
 */
export const RATE_RULES = {
  login: { limit: 20, windowSec: 10 * 60, per: 'ip' },
  /** The code step of a login; the wrong codes themselves also count towards the account's lock (loginThrottle). */
  loginCode: { limit: 20, windowSec: 10 * 60, per: 'ip' },
  /** Turning two-factor sign-in on or off asks for a code (and a password): guessing is slowed per member. */
  twoFactorChange: { limit: 10, windowSec: 10 * 60, per: 'member' },
  /** Passkeys: a sign-in's options and answer per address; adding, renaming, removing per member. */
  passkeySignIn: { limit: 20, windowSec: 10 * 60, per: 'ip' },
  passkeyChange: { limit: 20, windowSec: 10 * 60, per: 'member' },
  /** Step-up: the password (and code) again before what cannot be undone; guessing is slowed per member. */
  stepUp: { limit: 10, windowSec: 10 * 60, per: 'member' },
  signup: { limit: 10, windowSec: 60 * 60, per: 'ip' },
  resendVerification: { limit: 5, windowSec: 60 * 60, per: 'ip' },
  forgotPassword: { limit: 5, windowSec: 60 * 60, per: 'ip' },
  resetPassword: { limit: 10, windowSec: 60 * 60, per: 'ip' },
  deleteAccount: { limit: 10, windowSec: 60 * 60, per: 'ip' },
  contact: { limit: 10, windowSec: 60 * 60, per: 'ip' },
  /** Takedown requests from anyone: a person with several pages to report can; a mail bomb cannot. */
  takedownRequest: { limit: 10, windowSec: 60 * 60, per: 'ip' },
  takedownConfirm: { limit: 30, windowSec: 60 * 60, per: 'ip' },
  /** Issue 35: opening the link that confirms a new e-mail address. */
  emailChangeConfirm: { limit: 30, windowSec: 60 * 60, per: 'ip' },
  // A batch per route change at most, usually fewer: generous for browsing, a cap on filling the table.
  analytics: { limit: 120, windowSec: 60, per: 'ip' },
  /** Enough for a member tapping quickly on several reports; a script hammering the button is slowed. */
  likeToggle: { limit: 20, windowSec: 10, per: 'member', message: LIKE_MESSAGES.tooFast },
  /** Saving and filing into collections: quick tapping through a list is fine, a script is slowed. */
  saveWrite: { limit: 30, windowSec: 10, per: 'member', message: LIKE_MESSAGES.tooFast },
  /** Flags and appeals: a member flagging a few things in a row is fine; a flood is slowed. */
  flag: { limit: 30, windowSec: 10 * 60, per: 'member' },
  /** The report form's autosave: one save a few seconds after typing stops, so a minute holds far fewer. */
  reportAutosave: { limit: 60, windowSec: 60, per: 'member' },
  /** Follow, unfollow and answering requests: browsing and following a few is fine; a script walking every member is slowed. */
  follow: { limit: 60, windowSec: 10 * 60, per: 'member' },
} as const satisfies Record<string, RateRuleDefinition>;

export type RateRuleName = keyof typeof RATE_RULES;

export const RATE_RULE_NAMES = Object.keys(RATE_RULES) as RateRuleName[];

/** A rule with its limit scaled by `factor`; never below one request per window. */
export function scaledRateRule(name: RateRuleName, factor: number): RateRuleDefinition & { name: RateRuleName } {
  const rule: RateRuleDefinition = RATE_RULES[name];
  return { ...rule, name, limit: Math.max(1, Math.floor(rule.limit * factor)) };
}
