import { z } from 'zod';
import { CASE_DECISIONS, CASE_STATUSES, CASE_TYPES, FLAG_CATEGORIES, FLAG_TARGET_TYPES, type CaseDecision } from './cases';
import { memberStageSchema } from './memberStage';

/**
 * Answers of flags, cases and appeals; their types are the schemas' outputs. Dates are ISO
 * 8601 strings in UTC. Operators see flaggers by public id only, never an e-mail address.
 */

const isoDate = z.string();
const count = z.number().int().nonnegative();
const decisionSchema = z.enum(CASE_DECISIONS as [CaseDecision, ...CaseDecision[]]);
const person = z.object({ publicId: z.string(), username: z.string().nullable() });

/** POST /api/flags and POST /api/comments/{id}/report's new form. */
export const flagResponseSchema = z.object({ message: z.string(), updated: z.boolean() });
export type FlagResponse = z.output<typeof flagResponseSchema>;

/** What an author's history amounts to, beside each case. */
export const memberHistorySummarySchema = z.object({ earlierCases: count, strikes: count, suspensions: count });

/** The flagged content as it is now. `gone`: deleted by its author (or its account). */
export const caseTargetSchema = z.object({
  type: z.enum(FLAG_TARGET_TYPES),
  /** Report or comment id, or the member's public id. */
  id: z.string(),
  /** A report's title, or a member's username. */
  title: z.string().nullable(),
  /** A report's description, a comment's text, a member's self-introduction. */
  text: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Where it lives: /reports/12 (a comment: its report), /profile/abc. */
  path: z.string().nullable(),
  isHidden: z.boolean(),
  isDeleted: z.boolean(),
  gone: z.boolean(),
});

export const caseItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  /** The most severe category flagged (an appeal's: that of the decision appealed). */
  category: z.enum(FLAG_CATEGORIES),
  openedAt: isoDate,
  dueAt: isoDate,
  overdue: z.boolean(),
  closedAt: isoDate.nullable(),
  claimedBy: person.nullable(),
  decision: z.object({ action: decisionSchema, reason: z.string(), decidedAt: isoDate, decidedBy: person.nullable() }).nullable(),
  target: caseTargetSchema,
  /** The author of the content (or the member flagged), with their history; null once their account is gone. */
  author: person.extend({ suspended: z.boolean(), history: memberHistorySummarySchema }).nullable(),
  /** Oldest first. */
  flags: z.array(z.object({ flaggerPublicId: z.string(), category: z.enum(FLAG_CATEGORIES), note: z.string().nullable(), flaggedAt: isoDate })),
  flaggerCount: count,
  /** Operators' notes, oldest first; never shown to members. */
  notes: z.array(z.object({ author: person.nullable(), text: z.string(), createdAt: isoDate })),
  /** On an appeal case: what is appealed. */
  appeal: z.object({ ofCaseId: z.number().int(), action: decisionSchema, reason: z.string(), text: z.string(), filedAt: isoDate }).nullable(),
  /** 要相談: an operator asked the admins to look at it; admins are shown these first. */
  escalation: z.object({ at: isoDate, by: person.nullable(), reason: z.string() }).nullable(),
});
export type CaseItem = z.output<typeof caseItemSchema>;

export const caseCountsSchema = z.object({ open: count, overdue: count, severeOpen: count });
export type CaseCounts = z.output<typeof caseCountsSchema>;

export const casePageSchema = z.object({ items: z.array(caseItemSchema), nextCursor: z.string().nullable(), counts: caseCountsSchema });
export type CasePage = z.output<typeof casePageSchema>;

export const caseActionResponseSchema = z.object({ message: z.string(), changed: z.boolean(), item: caseItemSchema });
export type CaseActionResponse = z.output<typeof caseActionResponseSchema>;

export const bulkResolveResponseSchema = z.object({ message: z.string(), changed: z.boolean(), ids: z.array(z.number().int()) });
export type BulkResolveResponse = z.output<typeof bulkResolveResponseSchema>;

/** GET /api/moderation/members/{publicId}/history */
export const memberCaseHistorySchema = z.object({
  /** `followers` (approved) and `following` (members approved, tags, categories): counts only. */
  member: person.extend({ suspended: z.boolean(), suspendedUntil: isoDate.nullable(), stage: memberStageSchema, followers: count, following: count }),
  cases: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(CASE_TYPES),
      category: z.enum(FLAG_CATEGORIES),
      status: z.enum(CASE_STATUSES),
      targetType: z.enum(FLAG_TARGET_TYPES),
      decision: decisionSchema.nullable(),
      reason: z.string().nullable(),
      openedAt: isoDate,
      closedAt: isoDate.nullable(),
    }),
  ),
  strikes: z.array(z.object({ caseId: z.number().int().nullable(), category: z.enum(FLAG_CATEGORIES), reason: z.string(), createdAt: isoDate, revokedAt: isoDate.nullable() })),
  suspensions: z.array(z.object({ at: isoDate, until: isoDate.nullable(), reason: z.string().nullable() })),
  appeals: z.array(z.object({ caseId: z.number().int(), appealCaseId: z.number().int(), text: z.string(), filedAt: isoDate, outcome: decisionSchema.nullable() })),
  notes: z.array(z.object({ caseId: z.number().int(), author: person.nullable(), text: z.string(), createdAt: isoDate })),
});
export type MemberCaseHistory = z.output<typeof memberCaseHistorySchema>;

/** A decision as its author sees it (GET /api/decisions/{caseId}): no flagger, no operator, no note. */
export const memberDecisionSchema = z.object({
  caseId: z.number().int(),
  target: z.object({ type: z.enum(FLAG_TARGET_TYPES), id: z.string(), title: z.string().nullable(), path: z.string().nullable() }),
  category: z.enum(FLAG_CATEGORIES),
  action: decisionSchema,
  reason: z.string(),
  decidedAt: isoDate,
  appealUntil: isoDate.nullable(),
  canAppeal: z.boolean(),
  appeal: z.object({ filedAt: isoDate, outcome: decisionSchema.nullable() }).nullable(),
});
export type MemberDecision = z.output<typeof memberDecisionSchema>;

/** GET /api/decisions?targetType=&targetId= : for the author's own content page. */
export const reviewStateSchema = z.object({ underReview: z.boolean(), decision: memberDecisionSchema.nullable() });
export type ReviewState = z.output<typeof reviewStateSchema>;

export const appealResponseSchema = z.object({ message: z.string(), decision: memberDecisionSchema });
export type AppealResponse = z.output<typeof appealResponseSchema>;
