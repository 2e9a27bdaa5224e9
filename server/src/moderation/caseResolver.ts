import {
  TAKEDOWN_CASE_ACTIONS,
  TEXTS,
  isAdverse,
  isAppealAction,
  isFlagCaseAction,
  type AuditAction,
  type BulkCaseAction,
  type CaseAction,
  type CaseDecision,
} from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { authorizationError, conflict, notFound, validationError } from '../errors';
import type { JsonObject, Models, ModerationCase } from '../models';
import { isAdmin, type Viewer } from '../policies/viewer';
import { writeAuditLog } from '../commands/auditLogWriter';
import { lockTarget, setCommentDeleted, setContentHidden, type LockedTarget } from './caseTargets';
import { suspendMember, unsuspendMember } from './memberSuspender';
import { tellDecision } from './tellDecision';
import { checkAppealReviewer } from './appealReviewer';
import { removeForGood, type ImageFiles } from './contentRemover';
import { setReportImageBlocked } from '../commands/reuploadGuard';
import { tellTakedownDecision } from './takedownIntake';
import { caseChanged } from './caseEvents';
import { afterUpheldCase } from '../commands/memberStage';

/** `files`: where reports' images are, for 削除 (contentRemover.ts); the comment-only callers have none. */
export type CaseDeps = { models: Models; sequelize: Sequelize; publicUrl: string; files?: ImageFiles };
type Options = { transaction: Transaction };
type Actor = NonNullable<Viewer>;

export interface CaseOutcome {
  /** False when the case already had this decision (or claim): nothing changed, no audit row, no notice. */
  changed: boolean;
  caseId: number;
}

/** The audit action naming a decision on a flag case: the existing names where one fits (the comment queue's). */
function auditActionOf(target: LockedTarget['type'], action: CaseAction): AuditAction {
  if (action === 'harmless') return 'case.harmless';
  if (action === 'warn') return 'user.warn';
  if (action === 'dismiss') return target === 'comment' ? 'comment.dismiss_reports' : 'case.dismiss';
  // suspend takes a comment away from everyone and hides a report.
  if (target === 'comment') return action === 'hide' ? 'comment.hide' : 'comment.delete';
  return action === 'delete' ? 'report.delete' : 'report.hide';
}

/**
 * Locks a case and its target, target first (the order flags take them), and reads the case again
 * under the lock. 404 when there is no such case.
 */
async function lockCase(deps: CaseDeps, caseId: number, transaction: Transaction): Promise<{ found: ModerationCase; target: LockedTarget | null }> {
  const peek = await deps.models.ModerationCase.findByPk(caseId, { attributes: ['id', 'targetType', 'targetId'], transaction });
  if (!peek) throw notFound(TEXTS.moderation.cases.caseNotFound);
  // A target deleted by its author leaves the case: it can still be dismissed, told and kept.
  const target = await lockTarget(deps, peek.targetType, peek.targetId, { transaction }).catch((error: unknown) => {
    if (error instanceof Error && 'status' in error && (error as { status: number }).status === 404) return null;
    throw error;
  });
  const found = await deps.models.ModerationCase.findByPk(caseId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!found) throw notFound(TEXTS.moderation.cases.caseNotFound);
  return { found, target };
}

const titleOf = (target: LockedTarget | null): string | null => {
  if (!target) return null;
  if (target.type === 'report') return target.report.title;
  if (target.type === 'member') return null;
  return null;
};

/**
 * An operator decides a case, in one transaction with its effect, its audit row (with the
 * case id), the closing of its flags and the notices (tellDecision):
 * - dismiss / harmless: the flags were wrong; what the flags hid comes back. harmless also remembers the
 *   content's version, so flags on the same unchanged content do not reopen it (flagger.ts).
 * - hide: out of members' view (a member: suspended until lifted). delete: the content is removed for
 *   good, its author included (contentRemover.ts); a member cannot be deleted.
 * - warn: a strike on the author; the content stays as it is.
 * - suspend: the content hidden (a comment removed) and its author suspended (`until` optional), as today.
 * - on an appeal case: uphold (nothing changes) or overturn (the appealed decision is undone), by
 *   another operator than the one who decided the appealed case (appealReviewer.ts).
 * The same decision again answers `changed: false`; another one on a closed case is 409.
 */
export async function resolveCase(
  deps: CaseDeps,
  {
    actor,
    caseId,
    action,
    reason,
    until = null,
    selfReviewReason = null,
    now = new Date(),
  }: { actor: Actor; caseId: number; action: CaseDecision; reason: string; until?: Date | null; selfReviewReason?: string | null; now?: Date },
  { transaction }: Options,
): Promise<CaseOutcome> {
  const { found, target } = await lockCase(deps, caseId, transaction);
  if (found.status === 'closed') {
    if (found.decision === action) return { changed: false, caseId };
    throw conflict(TEXTS.moderation.cases.caseClosed);
  }
  if (found.type === 'appeal') {
    if (!isAppealAction(action)) throw validationError(TEXTS.moderation.cases.actionNotForCase, { action: TEXTS.moderation.cases.actionNotForCase });
    const selfReview = await checkAppealReviewer(deps.models, { actorId: actor.id, appealed: await appealedCase(deps, found, transaction), selfReviewReason }, { transaction });
    await decideAppeal(deps, { actor, appeal: found, target, action, reason, selfReview, now }, { transaction });
  } else {
    // A takedown request is removed (hide, delete) or not (dismiss); with nothing of ours named, only dismissed.
    const takedownRefused = found.type === 'takedown' && (!TAKEDOWN_CASE_ACTIONS.includes(action as CaseAction) || (target === null && action !== 'dismiss'));
    if (!isFlagCaseAction(action) || (found.targetType === 'member' && action === 'delete') || takedownRefused) {
      throw validationError(TEXTS.moderation.cases.actionNotForCase, { action: TEXTS.moderation.cases.actionNotForCase });
    }
    await applyDecision(deps, { actor, decided: found, target, action, reason, until, now }, { transaction });
  }
  await found.update(
    {
      status: 'closed',
      openSlot: null,
      decision: action,
      decisionReason: reason,
      decidedBy: actor.id,
      closedAt: now,
      contentVersion: action === 'harmless' && target ? target.version : null,
    },
    { transaction },
  );
  await deps.models.Flag.update({ resolvedAt: now }, { where: { caseId, resolvedAt: { [Op.is]: null } }, transaction });
  // Issue 35: the second upheld case against a member puts them back to the new stage.
  if (found.type !== 'appeal' && found.type !== 'takedown' && isAdverse(action) && found.authorId !== null) {
    await afterUpheldCase(deps, { authorId: found.authorId, caseId, now }, { transaction });
  }
  await caseChanged(deps.models, found, 'closed', { transaction });
  if (found.type === 'takedown') await tellTakedownDecision(deps, { caseId, removed: action !== 'dismiss', now }, { transaction });
  await tellDecision(
    deps,
    { decided: found, decision: action, reason, targetTitle: titleOf(target), ...(found.type === 'appeal' ? { appealed: (await appealedCase(deps, found, transaction)) ?? undefined } : {}) },
    { transaction },
  );
  return { changed: true, caseId };
}

async function appealedCase(deps: CaseDeps, appeal: ModerationCase, transaction: Transaction): Promise<ModerationCase | null> {
  return appeal.appealOfCaseId === null ? null : deps.models.ModerationCase.findByPk(appeal.appealOfCaseId, { transaction });
}

async function authorPublicId(deps: CaseDeps, authorId: number | null, transaction: Transaction): Promise<string> {
  const author = authorId === null ? null : await deps.models.User.findByPk(authorId, { attributes: ['publicId'], transaction });
  if (!author) throw notFound(TEXTS.profile.memberNotFound);
  return author.publicId;
}

async function applyDecision(
  deps: CaseDeps,
  { actor, decided, target, action, reason, until, now }: { actor: Actor; decided: ModerationCase; target: LockedTarget | null; action: CaseAction; reason: string; until: Date | null; now: Date },
  options: Options,
): Promise<void> {
  const details: JsonObject = { caseId: decided.id, category: decided.category };
  const audit = (auditAction: AuditAction, extra: JsonObject = {}) =>
    writeAuditLog(
      deps.models,
      { actorId: actor.id, action: auditAction, targetType: decided.targetType === 'member' ? 'user' : decided.targetType, targetId: auditTargetId(decided, target), reason, details: { ...details, ...extra } },
      options,
    );

  if (action === 'dismiss' || action === 'harmless') {
    let restored = false;
    if (decided.autoHiddenAt !== null && target) {
      if (target.type === 'member') {
        restored = (await unsuspendMember(deps, { actor, publicId: target.member.publicId, reason, caseId: decided.id }, options)).changed;
      } else restored = await setContentHidden(deps, target, false, now, options);
    }
    await audit(auditActionOf(decided.type as LockedTarget['type'], action), { restored });
    return;
  }
  if (action === 'warn') {
    if (decided.authorId === null) throw notFound(TEXTS.profile.memberNotFound);
    await deps.models.Strike.create({ userId: decided.authorId, caseId: decided.id, category: decided.category, reason, createdBy: actor.id }, options);
    await audit('user.warn');
    return;
  }
  if (!target) throw notFound(TEXTS.flag.targetInvalid);
  if (target.type === 'member') {
    // hide and suspend both take the member out; suspend may end by itself.
    await suspendMember(deps, { actor, publicId: target.member.publicId, reason, until: action === 'suspend' ? until : null, now, caseId: decided.id }, options);
    return;
  }
  if (action === 'delete') await removeForGood(deps, { decided, target, now }, options);
  else if (target.type === 'comment' && action === 'suspend') await setCommentDeleted(deps, target, true, now, options);
  else await setContentHidden(deps, target, true, now, options);
  // Issue 38: a removed image may not come back as a new upload (commands/reuploadGuard.ts).
  if (target.type === 'report') await setReportImageBlocked(deps.models, target.report, { blocked: true, caseId: decided.id, now }, options);
  await audit(auditActionOf(target.type, action));
  if (action === 'suspend') {
    await suspendMember(deps, { actor, publicId: await authorPublicId(deps, decided.authorId, options.transaction), reason, until, now, caseId: decided.id }, options);
  }
}

function auditTargetId(decided: ModerationCase, target: LockedTarget | null): number | string {
  if (target?.type === 'member') return target.member.publicId;
  return decided.targetId;
}

/** Upholding changes nothing; overturning undoes exactly what the appealed decision did. */
async function decideAppeal(
  deps: CaseDeps,
  {
    actor,
    appeal,
    target,
    action,
    reason,
    selfReview,
    now,
  }: { actor: Actor; appeal: ModerationCase; target: LockedTarget | null; action: 'uphold' | 'overturn'; reason: string; selfReview: string | null; now: Date },
  options: Options,
): Promise<void> {
  const original = await appealedCase(deps, appeal, options.transaction);
  const undone: string[] = [];
  if (action === 'overturn' && original) {
    const decision = original.decision;
    if (target?.type === 'member') {
      if (decision === 'hide' || decision === 'suspend') {
        if ((await unsuspendMember(deps, { actor, publicId: target.member.publicId, reason, caseId: original.id }, options)).changed) undone.push('suspension');
      }
    } else if (target) {
      // Content removed for good (削除) stays gone: there is nothing left to bring back.
      const removed = original.contentRemovedAt !== null;
      if (!removed && target.type === 'comment' && (decision === 'delete' || decision === 'suspend') && (await setCommentDeleted(deps, target, false, now, options))) undone.push('deletion');
      if (await setContentHidden(deps, target, false, now, options)) undone.push('hiding');
      if (target.type === 'report') await setReportImageBlocked(deps.models, target.report, { blocked: false }, options);
      if (decision === 'suspend' && original.authorId !== null) {
        const publicId = await authorPublicId(deps, original.authorId, options.transaction);
        if ((await unsuspendMember(deps, { actor, publicId, reason, caseId: original.id }, options)).changed) undone.push('suspension');
      }
    }
    if (decision === 'warn') {
      const [revoked] = await deps.models.Strike.update({ revokedAt: now }, { where: { caseId: original.id, revokedAt: { [Op.is]: null } }, transaction: options.transaction });
      if (revoked > 0) undone.push('strike');
    }
  }
  await writeAuditLog(
    deps.models,
    {
      actorId: actor.id,
      action: action === 'overturn' ? 'appeal.overturn' : 'appeal.uphold',
      targetType: 'case',
      targetId: original?.id ?? appeal.id,
      reason,
      // selfReview: why the operator who decided the appealed case reviewed it (a single-operator site).
      details: { caseId: appeal.id, appealOf: original?.id ?? null, undone, ...(selfReview ? { selfReview } : {}) },
    },
    options,
  );
}

/**
 * Decides up to LIMITS.caseBulkMax open flag cases the same way, all or nothing: one that is closed
 * (409), missing (404) or cannot take the action (400) rolls every one back. Cases are taken in id order.
 */
export async function bulkResolveCases(
  deps: CaseDeps,
  { actor, ids, action, reason, now = new Date() }: { actor: Actor; ids: number[]; action: BulkCaseAction; reason: string; now?: Date },
  { transaction }: Options,
): Promise<number[]> {
  const sorted = [...ids].sort((a, b) => a - b);
  const rows = await deps.models.ModerationCase.findAll({ where: { id: { [Op.in]: sorted } }, attributes: ['id', 'status'], transaction });
  if (rows.length !== sorted.length) throw notFound(TEXTS.moderation.cases.caseNotFound);
  if (rows.some((row) => row.status !== 'open')) throw conflict(TEXTS.moderation.cases.bulkNotOpen);
  for (const caseId of sorted) {
    const outcome = await resolveCase(deps, { actor, caseId, action, reason, now }, { transaction });
    // Closed meanwhile by someone else with the same decision: still not this operator's change.
    if (!outcome.changed) throw conflict(TEXTS.moderation.cases.bulkNotOpen);
  }
  return sorted;
}

/** An operator takes a case (409 if another holds it); claiming one's own again changes nothing. */
export async function claimCase(deps: CaseDeps, { actor, caseId, now = new Date() }: { actor: Actor; caseId: number; now?: Date }, { transaction }: Options): Promise<CaseOutcome> {
  const found = await deps.models.ModerationCase.findByPk(caseId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!found) throw notFound(TEXTS.moderation.cases.caseNotFound);
  if (found.status === 'closed') throw conflict(TEXTS.moderation.cases.caseClosed);
  if (found.claimedBy === actor.id) return { changed: false, caseId };
  if (found.claimedBy !== null) throw conflict(TEXTS.moderation.cases.caseClaimedByOther);
  await found.update({ claimedBy: actor.id, claimedAt: now }, { transaction });
  await writeAuditLog(deps.models, { actorId: actor.id, action: 'case.claim', targetType: 'case', targetId: caseId }, { transaction });
  return { changed: true, caseId };
}

/**
 * Gives a case back to the queue. Any operator may release another's claim (someone away must not hold
 * a case for ever); the audit row says who did.
 */
export async function releaseCase(deps: CaseDeps, { actor, caseId }: { actor: Actor; caseId: number }, { transaction }: Options): Promise<CaseOutcome> {
  const found = await deps.models.ModerationCase.findByPk(caseId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!found) throw notFound(TEXTS.moderation.cases.caseNotFound);
  if (found.claimedBy === null || found.status === 'closed') return { changed: false, caseId };
  const previous = found.claimedBy;
  await found.update({ claimedBy: null, claimedAt: null }, { transaction });
  await writeAuditLog(deps.models, { actorId: actor.id, action: 'case.release', targetType: 'case', targetId: caseId, details: { claimedBy: previous } }, { transaction });
  return { changed: true, caseId };
}

/**
 * 要相談: an operator asks the admins to look at an open case. Recorded on the case (when, who,
 * why), audited, and told to operators' streams as 'escalated' (the desktop badge); admins' queue shows
 * it first (caseQueue.ts). Again on an escalated case changes nothing; a closed case is refused.
 */
export async function escalateCase(
  deps: CaseDeps,
  { actor, caseId, reason, now = new Date() }: { actor: Actor; caseId: number; reason: string; now?: Date },
  { transaction }: Options,
): Promise<CaseOutcome> {
  const found = await deps.models.ModerationCase.findByPk(caseId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!found) throw notFound(TEXTS.moderation.cases.caseNotFound);
  if (found.status === 'closed') throw conflict(TEXTS.moderation.cases.caseClosed);
  if (found.escalatedAt !== null) return { changed: false, caseId };
  await found.update({ escalatedAt: now, escalatedBy: actor.id, escalationReason: reason }, { transaction });
  await writeAuditLog(deps.models, { actorId: actor.id, action: 'case.escalate', targetType: 'case', targetId: caseId, reason }, { transaction });
  await caseChanged(deps.models, found, 'escalated', { transaction });
  return { changed: true, caseId };
}

/**
 * Takes 要相談 back, when the question was settled otherwise or asked by mistake: only the
 * operator who escalated the case or an admin may, so one operator cannot quietly drop another's question
 * to the admins. The case leaves the admins' top group; the audit row keeps who asked, when and why (the
 * case itself keeps no escalation once withdrawn, so it can be escalated again). A case not escalated
 * changes nothing; a closed case is refused, its escalation being part of its history by then.
 */
export async function withdrawEscalation(deps: CaseDeps, { actor, caseId }: { actor: Actor; caseId: number }, { transaction }: Options): Promise<CaseOutcome> {
  const found = await deps.models.ModerationCase.findByPk(caseId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!found) throw notFound(TEXTS.moderation.cases.caseNotFound);
  if (found.status === 'closed') throw conflict(TEXTS.moderation.cases.caseClosed);
  if (found.escalatedAt === null) return { changed: false, caseId };
  if (!isAdmin(actor) && found.escalatedBy !== actor.id) throw authorizationError(TEXTS.moderation.cases.escalationWithdrawForbidden);
  // The operator who asked, by public id: the audit log is shown to operators and never carries internal ids.
  const asker = found.escalatedBy === null ? null : await deps.models.User.findByPk(found.escalatedBy, { attributes: ['publicId'], transaction });
  const details = { escalatedAt: found.escalatedAt.toISOString(), escalatedBy: asker?.publicId ?? null };
  const reason = found.escalationReason;
  await found.update({ escalatedAt: null, escalatedBy: null, escalationReason: null }, { transaction });
  await writeAuditLog(deps.models, { actorId: actor.id, action: 'case.withdraw_escalation', targetType: 'case', targetId: caseId, reason, details }, { transaction });
  return { changed: true, caseId };
}

/** An operator's note on a case (open or closed); operators only. */
export async function addCaseNote(deps: CaseDeps, { actor, caseId, text }: { actor: Actor; caseId: number; text: string }, { transaction }: Options): Promise<CaseOutcome> {
  const found = await deps.models.ModerationCase.findByPk(caseId, { attributes: ['id'], transaction });
  if (!found) throw notFound(TEXTS.moderation.cases.caseNotFound);
  await deps.models.CaseNote.create({ caseId, authorId: actor.id, text }, { transaction });
  await writeAuditLog(deps.models, { actorId: actor.id, action: 'case.note', targetType: 'case', targetId: caseId }, { transaction });
  return { changed: true, caseId };
}
