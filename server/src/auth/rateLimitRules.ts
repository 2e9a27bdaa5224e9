import { RATE_RULE_NAMES, RATE_RULES, scaledRateRule, type RateRuleName } from '@hiraku/shared';

/** The rules themselves live in packages/shared (RATE_RULES); the per-address ones guard the account forms. */
export type RateLimitName = { [K in RateRuleName]: (typeof RATE_RULES)[K]['per'] extends 'ip' ? K : never }[RateRuleName];
export const RATE_LIMIT_NAMES = RATE_RULE_NAMES;
export const rateLimitRule = scaledRateRule;
