import { AUDIT_ACTION_LABELS } from '../texts/moderation/auditActions';

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/**
 * Issue 38: admin sits above operator. An admin does everything an operator does, and alone may export
 * the disclosure records, make or unmake an admin, and is shown the cases operators marked 要相談 first.
 */
export const MODERATION_ROLES = ['member', 'operator', 'admin'] as const;
export type ModerationRole = (typeof MODERATION_ROLES)[number];

/** The roles that work the operators' side: operators and admins. */
export const OPERATOR_ROLES = ['operator', 'admin'] as const satisfies readonly ModerationRole[];

/** Whether a role works the operators' side (operator or admin). */
export const isOperatorRole = (role: string | null | undefined): boolean => role === 'operator' || role === 'admin';

/** Whether a role is admin. */
export const isAdminRole = (role: string | null | undefined): boolean => role === 'admin';
