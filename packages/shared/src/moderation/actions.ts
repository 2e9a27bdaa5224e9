import { AUDIT_ACTION_LABELS } from '../texts/moderation/auditActions';

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export const MODERATION_ROLES = ['member', 'operator'] as const;
export type ModerationRole = (typeof MODERATION_ROLES)[number];
