/**
 * Moderation: flags, cases, claims, decisions, appeals, takedown intake and case events. A flag or a
 * takedown request opens or joins a case (flagger.ts, takedownIntake.ts); operators claim, escalate and
 * decide it (caseResolver.ts), the member is told (tellDecision.ts) and may appeal once (appeals.ts);
 * every change of a case is queued for operators' streams in the same transaction (caseEvents.ts).
 * The HTTP handlers live in routes/ and are mounted by server/src/routes/index.ts; other modules use
 * what is exported here.
 */
export { caseChanged, tellOverdueCases, startCaseOverdueSweep, CASE_OVERDUE_SWEEP_MS } from './caseEvents';
export { flagTarget, type FlagOutcome } from './flagger';
export { loadCaseCounts } from './caseCounts';
export { encodeCaseCursor } from './caseQueue';
export { endSuspensionIfDue, endDueSuspensions } from './memberSuspender';
export { fileTakedownRequest, confirmTakedownRequest, type NewTakedownRequest, type ConfirmOutcome } from './takedownIntake';
export { checkTakedownAllowance } from './takedownLimits';
