import { APPEAL_ACTIONS, BULK_CASE_ACTIONS, CASE_ACTIONS, isAdminRole, TAKEDOWN_CASE_ACTIONS, type BulkCaseAction, type CaseDecision, type CaseItem } from '@hiraku/shared';

/**
 * One letter per move and decision, shown on the screen; the space bar selects (Shift: a range). E is
 * 要相談: it opens the question to the admins, or on a case already escalated takes it back.
 */
export const KEYS = { next: 'j', previous: 'k', claim: 'c', escalate: 'e', dismiss: 'd', harmless: 'n', hide: 'h', delete: 'x', warn: 'w', suspend: 's' } as const;
export const KEYED_ACTIONS = ['dismiss', 'harmless', 'hide', 'delete', 'warn', 'suspend'] as const;
export const APPEAL_KEYS = { uphold: 'u', overturn: 'o' } as const;

/**
 * The decisions a case can take (the server's rules, caseResolver): an appeal's own two; a takedown
 * request removed or not, only dismissed when it names nothing of ours; a member no deletion.
 */
export function actionsFor(item: CaseItem): CaseDecision[] {
  if (item.type === 'appeal') return [...APPEAL_ACTIONS];
  const actions = item.type === 'takedown' ? (item.target.gone ? ['dismiss' as const] : TAKEDOWN_CASE_ACTIONS) : CASE_ACTIONS;
  return actions.filter((action) => !(item.target.type === 'member' && action === 'delete'));
}

export const isBulkAction = (action: CaseDecision): action is BulkCaseAction => (BULK_CASE_ACTIONS as readonly string[]).includes(action);

/**
 * Whether this viewer may take a case's 要相談 back: an admin, or the operator who escalated it (the
 * server decides; this only keeps the button and the key from offering what would be refused).
 */
export function canWithdrawEscalation(item: CaseItem, viewer: { publicId: string; role: string } | null): boolean {
  if (!item.escalation || item.status !== 'open' || !viewer) return false;
  return isAdminRole(viewer.role) || item.escalation.by?.publicId === viewer.publicId;
}

/** The letter of a decision, as its button and the key legend show it. */
export const keyOf = (action: CaseDecision): string => (action in KEYS ? KEYS[action as keyof typeof KEYS] : APPEAL_KEYS[action as keyof typeof APPEAL_KEYS]);
