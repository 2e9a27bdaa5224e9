import { z } from 'zod';
import { PROFILE_MESSAGES } from '../../texts/profile/messages';
import { REPORT_MESSAGES } from '../../texts/report/messages';
import {
  auditLogPageSchema,
  imageLabelResponseSchema,
  memberModerationResponseSchema,
  memberSearchResponseSchema,
  reportModerationResponseSchema,
} from '../../moderation/responses';
import {
  auditLogQuerySchema,
  imageLabelInputSchema,
  memberSearchQuerySchema,
  moderationReasonInputSchema,
  roleChangeInputSchema,
  suspendMemberInputSchema,
} from '../../moderation/schemas';
import { memberStageInputSchema, memberStageResponseSchema } from '../../moderation/memberStage';
import { endpoint } from './define';
import { idParam } from './params';

const reportId = { params: z.object({ id: idParam }), notFoundMessage: REPORT_MESSAGES.notFound } as const;
/** A member's public id in a path; anything longer than an id can be is nobody. */
const member = { params: z.object({ publicId: z.string().min(1).max(64) }), notFoundMessage: PROFILE_MESSAGES.memberNotFound } as const;

/**
 * The operators' side: every endpoint is `operator`, so members get 403 and anonymous callers
 * 401 before any handler runs. Each action writes its audit row with the change and is idempotent:
 * repeated, it answers `changed: false` and logs nothing (see server/README.md).
 */
export const MODERATION_ENDPOINTS = {
  'moderation.hideReport': endpoint('moderation.hideReport', {
    access: 'operator',
    ...reportId,
    body: moderationReasonInputSchema,
    response: reportModerationResponseSchema,
    cache: 'private',
    errors: [],
  }),
  'moderation.unhideReport': endpoint('moderation.unhideReport', {
    access: 'operator',
    ...reportId,
    body: moderationReasonInputSchema,
    response: reportModerationResponseSchema,
    cache: 'private',
    errors: [],
  }),
  /** Sets a report's センシティブな画像 label and its lock (audit-logged); drafts answer 404 like hiding. */
  'moderation.setImageLabel': endpoint('moderation.setImageLabel', {
    access: 'operator',
    ...reportId,
    body: imageLabelInputSchema,
    response: imageLabelResponseSchema,
    cache: 'private',
    errors: ['validation_error'],
  }),
  /** Revokes every session at once; `until` (ISO 8601) ends it by itself. Operators cannot be suspended (409). */
  'moderation.suspendMember': endpoint('moderation.suspendMember', {
    access: 'operator',
    ...member,
    body: suspendMemberInputSchema,
    response: memberModerationResponseSchema,
    cache: 'private',
    errors: ['conflict', 'step_up_required'],
  }),
  'moderation.unsuspendMember': endpoint('moderation.unsuspendMember', {
    access: 'operator',
    ...member,
    body: moderationReasonInputSchema,
    response: memberModerationResponseSchema,
    cache: 'private',
    errors: [],
  }),
  /**
   * Issue 35: lifts a member's new stage (`established`) or puts them back to it (`new`, for
   * LIMITS.newMemberDays days; an operator: 400); audited, and the same state again changes nothing.
   */
  'moderation.memberStage': endpoint('moderation.memberStage', {
    access: 'operator',
    ...member,
    body: memberStageInputSchema,
    response: memberStageResponseSchema,
    cache: 'private',
    errors: [],
  }),
  /** Never oneself (400), never the last operator (409). */
  'moderation.changeRole': endpoint('moderation.changeRole', {
    access: 'operator',
    ...member,
    body: roleChangeInputSchema,
    response: memberModerationResponseSchema,
    cache: 'private',
    errors: ['conflict'],
  }),
  /** By public id (exact) or part of a username; never by, nor showing, an e-mail address. */
  'moderation.members': endpoint('moderation.members', {
    access: 'operator',
    query: memberSearchQuerySchema,
    response: memberSearchResponseSchema,
    cache: 'private',
    errors: [],
  }),
  /** Newest first; `actor` is an operator's public id, `action` one of AUDIT_ACTIONS. */
  'moderation.auditLog': endpoint('moderation.auditLog', {
    access: 'operator',
    query: auditLogQuerySchema,
    response: auditLogPageSchema,
    cache: 'private',
    errors: [],
  }),
};
