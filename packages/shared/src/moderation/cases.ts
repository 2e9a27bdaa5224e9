import { LIMITS } from '../limits';

/**
 * Flags and cases. A member flags (通報) a play report, a comment or a member under one of
 * FLAG_CATEGORIES; the first flag on a target opens its case, which operators decide in the case queue.
 */

/** In order of severity, most severe first: the queue sorts by this order (docs/decisions.md). */
export const FLAG_CATEGORIES = ['minor', 'nonConsensual', 'obscene', 'aiManipulatedPerson', 'solicitation', 'harassment', 'spam', 'other'] as const;
export type FlagCategory = (typeof FLAG_CATEGORIES)[number];

/** Hidden after LIMITS.severeFlaggersToHide distinct flaggers instead of LIMITS.flaggersToHide; due within 24 h. */
/**
 * aiManipulatedPerson: an image of a real person altered or made by AI (a sexual deepfake), as
 * severe as an image published without consent; migration 0065 moved the stored priorities after it.
 */
export const SEVERE_FLAG_CATEGORIES: readonly FlagCategory[] = ['minor', 'nonConsensual', 'obscene', 'aiManipulatedPerson'];
export const isSevereCategory = (category: FlagCategory): boolean => SEVERE_FLAG_CATEGORIES.includes(category);
/** Appeals and takedowns (0) and the severe categories (1-3): the priorities the badge counts as severe. */
export const SEVERE_PRIORITY_MAX = SEVERE_FLAG_CATEGORIES.length;

/** 0 for the most severe; a lower number sorts first. */
export const categorySeverity = (category: FlagCategory): number => FLAG_CATEGORIES.indexOf(category);

/** The more severe of two categories. */
export const moreSevere = (a: FlagCategory, b: FlagCategory): FlagCategory => (categorySeverity(a) <= categorySeverity(b) ? a : b);

export const FLAG_TARGET_TYPES = ['report', 'comment', 'member'] as const;
export type FlagTargetType = (typeof FLAG_TARGET_TYPES)[number];

/**
 * A case is about one flagged target (its type is the target's), or is an appeal against a decision.
 * `takedown` is reserved for takedown requests, which bring their own due clock.
 */
export const CASE_TYPES = ['report', 'comment', 'member', 'appeal', 'takedown'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** What an operator decides on a flag case. */
export const CASE_ACTIONS = ['dismiss', 'harmless', 'hide', 'delete', 'warn', 'suspend'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
/** What may be decided for many cases at once. */
export const BULK_CASE_ACTIONS = ['dismiss', 'harmless', 'hide', 'delete'] as const;
export type BulkCaseAction = (typeof BULK_CASE_ACTIONS)[number];
/** What a takedown request's case takes: removed (hide, delete) or not (dismiss); with nothing of ours named, only dismiss. */
export const TAKEDOWN_CASE_ACTIONS: readonly CaseAction[] = ['dismiss', 'hide', 'delete'];
/** What an operator decides on an appeal case. */
export const APPEAL_ACTIONS = ['uphold', 'overturn'] as const;
export type AppealAction = (typeof APPEAL_ACTIONS)[number];
export type CaseDecision = CaseAction | AppealAction;
export const CASE_DECISIONS: readonly CaseDecision[] = [...CASE_ACTIONS, ...APPEAL_ACTIONS];

/** Decisions that take something away from the author: told to them, and appealable. */
export const ADVERSE_ACTIONS = ['hide', 'delete', 'warn', 'suspend'] as const satisfies readonly CaseAction[];
export type AdverseAction = (typeof ADVERSE_ACTIONS)[number];
export const isAdverse = (decision: CaseDecision): decision is AdverseAction => (ADVERSE_ACTIONS as readonly string[]).includes(decision);

/**
 * The queue's order key, stored on the case: appeals (and takedown requests) first, then the flag cases
 * by the severity of their most severe flag. Within one priority the oldest comes first.
 */
export function casePriority(type: CaseType, category: FlagCategory): number {
  if (type === 'appeal' || type === 'takedown') return 0;
  return 1 + categorySeverity(category);
}

const HOUR_MS = 60 * 60 * 1000;

/** When a case opened at `openedAt` is due: 24 h for the severe categories and appeals, 72 h for the rest. */
export function caseDueAt(type: CaseType, category: FlagCategory, openedAt: Date): Date {
  const hours = type === 'appeal' || isSevereCategory(category) ? LIMITS.severeCaseDueHours : LIMITS.caseDueHours;
  return new Date(openedAt.getTime() + hours * HOUR_MS);
}

/** The last moment an appeal against a decision made at `decidedAt` may be filed. */
export const appealDeadline = (decidedAt: Date): Date => new Date(decidedAt.getTime() + LIMITS.appealWindowDays * 24 * HOUR_MS);
