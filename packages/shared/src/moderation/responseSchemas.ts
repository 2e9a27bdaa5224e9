import { z } from 'zod';
import { COMMENT_REPORT_RESOLUTIONS, COMMENT_REPORT_STATUSES, MODERATION_ROLES } from './actions';
import type {
  AuditLogPage,
  CommentReportQueueItem,
  CommentReportQueuePage,
  CommentResolutionResponse,
  MemberModerationResponse,
  MemberSearchResponse,
  ModeratedMember,
  ReportModerationResponse,
} from './responses';

/**
 * Runtime forms of the moderation response interfaces (responses.ts), for the endpoint map's response
 * checks. Each is annotated with its interface, so the two cannot drift apart silently.
 */

const isoDate = z.string();
const count = z.number().int().nonnegative();

export const moderatedMemberSchema: z.ZodType<ModeratedMember> = z.object({
  publicId: z.string(),
  username: z.string().nullable(),
  role: z.enum(MODERATION_ROLES),
  suspendedAt: isoDate.nullable(),
  suspendedUntil: isoDate.nullable(),
  reportCount: count,
  commentCount: count,
  createdAt: isoDate,
});

export const memberSearchResponseSchema: z.ZodType<MemberSearchResponse> = z.object({ members: z.array(moderatedMemberSchema) });

export const commentReportQueueItemSchema: z.ZodType<CommentReportQueueItem> = z.object({
  status: z.enum(COMMENT_REPORT_STATUSES),
  comment: z.object({ id: z.number().int(), text: z.string(), createdAt: isoDate, isHidden: z.boolean(), isDeleted: z.boolean() }),
  author: z.object({ publicId: z.string(), username: z.string().nullable(), suspended: z.boolean() }),
  report: z.object({ id: z.number().int(), title: z.string() }),
  reports: z.array(
    z.object({
      reporterPublicId: z.string(),
      reportedAt: isoDate,
      reason: z.string().nullable(),
      resolvedAt: isoDate.nullable(),
      resolution: z.enum(COMMENT_REPORT_RESOLUTIONS).nullable(),
    }),
  ),
  reporterCount: count,
});

export const commentReportQueuePageSchema: z.ZodType<CommentReportQueuePage> = z.object({
  items: z.array(commentReportQueueItemSchema),
  nextCursor: z.string().nullable(),
  pendingCount: count,
});

export const auditLogPageSchema: z.ZodType<AuditLogPage> = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      actor: z.object({ publicId: z.string(), username: z.string().nullable() }).nullable(),
      target: z.object({ type: z.string(), id: z.string() }),
      reason: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      createdAt: isoDate,
    }),
  ),
  nextCursor: z.string().nullable(),
});

const actionShape = { message: z.string(), changed: z.boolean() };

export const reportModerationResponseSchema: z.ZodType<ReportModerationResponse> = z.object({
  ...actionShape,
  report: z.object({ id: z.number().int(), isHidden: z.boolean() }),
});

export const memberModerationResponseSchema: z.ZodType<MemberModerationResponse> = z.object({ ...actionShape, member: moderatedMemberSchema });

export const commentResolutionResponseSchema: z.ZodType<CommentResolutionResponse> = z.object({ ...actionShape, item: commentReportQueueItemSchema });
