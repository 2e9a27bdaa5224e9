/**
 * Per-IP limits of the account endpoints, in one place. They are loose enough for a household behind
 * one address and tight enough to make password guessing and mail bombing slow. RATE_LIMIT_FACTOR
 * scales them all (browser tests raise it).
 */
const BASE_RULES = {
  login: { limit: 20, windowSec: 10 * 60 },
  signup: { limit: 10, windowSec: 60 * 60 },
  resendVerification: { limit: 5, windowSec: 60 * 60 },
  forgotPassword: { limit: 5, windowSec: 60 * 60 },
  resetPassword: { limit: 10, windowSec: 60 * 60 },
  deleteAccount: { limit: 10, windowSec: 60 * 60 },
  contact: { limit: 10, windowSec: 60 * 60 },
  // A batch per route change at most, usually fewer: generous for browsing, a cap on filling the table.
  analytics: { limit: 120, windowSec: 60 },
} as const;

export type RateLimitName = keyof typeof BASE_RULES;

export interface RateLimitRule {
  name: RateLimitName;
  limit: number;
  windowSec: number;
}

export function rateLimitRule(name: RateLimitName, factor: number): RateLimitRule {
  const base = BASE_RULES[name];
  return { name, limit: Math.max(1, Math.floor(base.limit * factor)), windowSec: base.windowSec };
}

export const RATE_LIMIT_NAMES = Object.keys(BASE_RULES) as RateLimitName[];
