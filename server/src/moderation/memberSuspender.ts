import { isOperatorRole, TEXTS } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { revokeAllSessions } from '../auth/sessions';
import { conflict, validationError } from '../errors';
import type { Models, User } from '../models';
import type { Viewer } from '../policies/viewer';
import { applyMemberVisibilityChange, suspensionHasEnded } from '../visibility';
import { writeAuditLog } from '../commands/auditLogWriter';
import { lockMemberByPublicId } from './memberLock';
import { writeTransaction } from '../db/transaction';

type Deps = { models: Models; sequelize: Sequelize };
type Options = { transaction: Transaction };
export interface MemberOutcome {
  /** False when the member was already in the asked-for state: nothing changed, no audit row. */
  changed: boolean;
  member: User;
}

const sameTime = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());

/**
 * `actor` null: the system, when flags take a member out pending review (a case's auto-hide).
 * Suspends a member: every session revoked at once (their next request is anonymous), login refused,
 * and everything they wrote leaves lists, search and counters (applyMemberVisibilityChange), all in one
 * transaction with its audit row. `until` makes it end by itself. Suspending a suspended member again
 * with the same end changes nothing; with another end it only moves the end (and is logged).
 * Operators cannot be suspended (demote first), so the product never loses its last operator this way.
 */
export async function suspendMember(
  deps: Deps,
  {
    actor,
    publicId,
    reason,
    until,
    now = new Date(),
    caseId,
  }: { actor: NonNullable<Viewer> | null; publicId: string; reason: string | null; until: Date | null; now?: Date; caseId?: number },
  { transaction }: Options,
): Promise<MemberOutcome> {
  const member = await lockMemberByPublicId(deps.models, publicId, transaction);
  if (actor !== null && member.id === actor.id) throw validationError(TEXTS.moderation.cannotSuspendSelf);
  if (isOperatorRole(member.role)) throw conflict(TEXTS.moderation.cannotSuspendOperator);
  if (until !== null && until <= now) throw validationError(TEXTS.moderation.untilInPast, { until: TEXTS.moderation.untilInPast });
  const wasSuspended = member.suspendedAt !== null && !suspensionHasEnded(member, now);
  if (wasSuspended && sameTime(member.suspendedUntil, until)) return { changed: false, member };

  const previousUntil = wasSuspended ? member.suspendedUntil : null;
  await member.update({ suspendedAt: wasSuspended ? member.suspendedAt : now, suspendedUntil: until }, { transaction });
  if (!wasSuspended) {
    await revokeAllSessions(deps.models, member.id, now, transaction);
    await applyMemberVisibilityChange(deps, member.id, { transaction });
  }
  await writeAuditLog(
    deps.models,
    {
      actorId: actor?.id ?? null,
      action: 'user.suspend',
      targetType: 'user',
      targetId: member.publicId,
      reason,
      details: {
        until: until?.toISOString() ?? null,
        ...(wasSuspended ? { previousUntil: previousUntil?.toISOString() ?? null } : {}),
        ...(caseId !== undefined ? { caseId } : {}),
      },
    },
    { transaction },
  );
  return { changed: true, member };
}

/** Lifts a suspension by an operator's decision; everything the member wrote comes back exactly. */
export async function unsuspendMember(
  deps: Deps,
  { actor, publicId, reason, caseId }: { actor: NonNullable<Viewer>; publicId: string; reason: string; caseId?: number },
  { transaction }: Options,
): Promise<MemberOutcome> {
  const member = await lockMemberByPublicId(deps.models, publicId, transaction);
  if (member.suspendedAt === null) return { changed: false, member };
  await liftSuspension(deps, member, transaction);
  await writeAuditLog(
    deps.models,
    { actorId: actor.id, action: 'user.unsuspend', targetType: 'user', targetId: member.publicId, reason, details: caseId !== undefined ? { caseId } : null },
    { transaction },
  );
  return { changed: true, member };
}

async function liftSuspension(deps: Deps, member: User, transaction: Transaction): Promise<void> {
  await member.update({ suspendedAt: null, suspendedUntil: null }, { transaction });
  await applyMemberVisibilityChange(deps, member.id, { transaction });
}

/**
 * Ends, as the system, the suspension of member `userId` if its `until` has passed: the sweep job calls
 * this for each due member, and login does for the member logging in, so neither waits for the other.
 * Returns whether it lifted one; a concurrent caller that got there first makes it a no-op.
 */
export async function endSuspensionIfDue(deps: Deps, userId: number, now = new Date()): Promise<boolean> {
  return writeTransaction(deps.sequelize, async (transaction) => {
    const member = await deps.models.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!member || !suspensionHasEnded(member, now)) return false;
    const until = member.suspendedUntil;
    await liftSuspension(deps, member, transaction);
    await writeAuditLog(
      deps.models,
      { actorId: null, action: 'user.suspension_end', targetType: 'user', targetId: member.publicId, details: { until: until?.toISOString() ?? null } },
      { transaction },
    );
    return true;
  });
}

/** Every suspension whose end has come, lifted one member per transaction. Returns how many were lifted. */
export async function endDueSuspensions(deps: Deps, now = new Date()): Promise<number> {
  const due = await deps.models.User.findAll({
    where: { suspendedAt: { [Op.ne]: null }, suspendedUntil: { [Op.lte]: now } },
    attributes: ['id'],
    order: [['suspendedUntil', 'ASC']],
  });
  let lifted = 0;
  for (const { id } of due) if (await endSuspensionIfDue(deps, id, now)) lifted += 1;
  return lifted;
}
