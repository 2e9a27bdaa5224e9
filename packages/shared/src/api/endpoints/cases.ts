import { z } from 'zod';
import { FLAG_MESSAGES } from '../../texts/flag/messages';
import { CASE_MESSAGES } from '../../texts/moderation/cases';
import { PROFILE_MESSAGES } from '../../texts/profile/messages';
import {
  appealResponseSchema,
  bulkResolveResponseSchema,
  caseActionResponseSchema,
  caseCountsSchema,
  casePageSchema,
  flagResponseSchema,
  memberCaseHistorySchema,
  memberDecisionSchema,
  reviewStateSchema,
} from '../../moderation/caseResponses';
import {
  appealInputSchema,
  bulkResolveInputSchema,
  caseNoteInputSchema,
  caseQuerySchema,
  escalateCaseInputSchema,
  decisionTargetQuerySchema,
  flagInputSchema,
  resolveCaseInputSchema,
} from '../../moderation/caseSchemas';
import { endpoint } from './define';
import { idParam } from './params';

const caseId = { params: z.object({ id: idParam }), notFoundMessage: CASE_MESSAGES.caseNotFound } as const;

/**
 * Flags, the case queue and appeals. Members flag and appeal; operators work the queue.
 * Every operator action writes its audit row with the change and is idempotent (`changed: false`).
 */
export const CASE_ENDPOINTS = {
  /** One open flag per member and target: flagging again updates its category and note. */
  'flags.create': endpoint('flags.create', {
    access: 'member',
    body: flagInputSchema,
    response: flagResponseSchema,
    rateLimit: 'flag',
    cache: 'private',
    errors: ['not_found'],
  }),
  /** The author's own decision (the mail's link); 404 for anyone else's. */
  'decisions.get': endpoint('decisions.get', {
    access: 'member',
    params: z.object({ caseId: idParam }),
    notFoundMessage: FLAG_MESSAGES.caseNotFound,
    response: memberDecisionSchema,
    cache: 'private',
    errors: [],
  }),
  /** Whether the caller's own content is under review, and its latest decision. */
  'decisions.forTarget': endpoint('decisions.forTarget', {
    access: 'member',
    query: decisionTargetQuerySchema,
    response: reviewStateSchema,
    cache: 'private',
    errors: ['not_found'],
  }),
  /** Once per decision, within LIMITS.appealWindowDays; opens an appeal case at the top of the queue. */
  'appeals.create': endpoint('appeals.create', {
    access: 'member',
    body: appealInputSchema,
    response: appealResponseSchema,
    status: 201,
    rateLimit: 'flag',
    cache: 'private',
    errors: ['not_found', 'conflict'],
  }),

  /** Open cases: appeals first, then by severity, then oldest first; with the counts for the badge. */
  'moderation.cases': endpoint('moderation.cases', {
    access: 'operator',
    query: caseQuerySchema,
    response: casePageSchema,
    cache: 'private',
    errors: [],
  }),
  'moderation.caseCounts': endpoint('moderation.caseCounts', {
    access: 'operator',
    response: caseCountsSchema,
    cache: 'private',
    errors: [],
  }),
  /** 409 when another operator holds it. */
  'moderation.claimCase': endpoint('moderation.claimCase', {
    access: 'operator',
    ...caseId,
    response: caseActionResponseSchema,
    cache: 'private',
    errors: ['conflict'],
  }),
  'moderation.releaseCase': endpoint('moderation.releaseCase', {
    access: 'operator',
    ...caseId,
    response: caseActionResponseSchema,
    cache: 'private',
    errors: ['conflict'],
  }),
  'moderation.caseNote': endpoint('moderation.caseNote', {
    access: 'operator',
    ...caseId,
    body: caseNoteInputSchema,
    response: caseActionResponseSchema,
    status: 201,
    cache: 'private',
    errors: [],
  }),
  /**
   * 要相談: an operator asks the admins to look at an open case (audited, told to operators'
   * streams as 'escalated'). Again on an escalated case answers `changed: false`; a closed one 409.
   */
  'moderation.escalateCase': endpoint('moderation.escalateCase', {
    access: 'operator',
    ...caseId,
    body: escalateCaseInputSchema,
    response: caseActionResponseSchema,
    cache: 'private',
    errors: ['conflict'],
  }),
  /**
   * Takes 要相談 back: only the operator who escalated the case or an admin (403 in Japanese
   * for anyone else); audited with the withdrawn reason. A case not escalated answers `changed: false`;
   * a closed one 409 (its escalation is part of its history by then).
   */
  'moderation.withdrawEscalation': endpoint('moderation.withdrawEscalation', {
    access: 'operator',
    ...caseId,
    response: caseActionResponseSchema,
    cache: 'private',
    errors: ['conflict'],
  }),
  /** 409 when the case was closed with another decision; the same decision again answers `changed: false`. */
  'moderation.resolveCase': endpoint('moderation.resolveCase', {
    access: 'operator',
    ...caseId,
    body: resolveCaseInputSchema,
    response: caseActionResponseSchema,
    cache: 'private',
    errors: ['conflict', 'step_up_required'],
  }),
  /** All or nothing: one case that cannot take the decision (closed, unknown, an appeal) changes none (409 / 404). */
  'moderation.bulkResolveCases': endpoint('moderation.bulkResolveCases', {
    access: 'operator',
    body: bulkResolveInputSchema,
    response: bulkResolveResponseSchema,
    cache: 'private',
    errors: ['conflict', 'not_found', 'step_up_required'],
  }),
  'moderation.memberHistory': endpoint('moderation.memberHistory', {
    access: 'operator',
    params: z.object({ publicId: z.string().min(1).max(64) }),
    notFoundMessage: PROFILE_MESSAGES.memberNotFound,
    response: memberCaseHistorySchema,
    cache: 'private',
    errors: [],
  }),
};
