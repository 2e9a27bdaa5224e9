import { AUDIT_ACTION_LABELS } from '../texts/moderation/auditActions';

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const MODERATION_ROLES = ['member', 'operator'] as const;
export type ModerationRole = (typeof MODERATION_ROLES)[number];

/** What an operator does with a reported comment. */
export const COMMENT_RESOLUTION_ACTIONS = ['dismiss', 'delete', 'suspend'] as const;
export type CommentResolutionAction = (typeof COMMENT_RESOLUTION_ACTIONS)[number];

/** How a comment report was closed, as stored (`comment_reports.resolution`). */
export const COMMENT_REPORT_RESOLUTIONS = ['dismissed', 'deleted', 'suspended'] as const;
export type CommentReportResolution = (typeof COMMENT_REPORT_RESOLUTIONS)[number];

export const COMMENT_REPORT_STATUSES = ['pending', 'resolved'] as const;
export type CommentReportStatus = (typeof COMMENT_REPORT_STATUSES)[number];
