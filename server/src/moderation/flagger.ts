import {
  isOperatorRole,
  LIMITS,
  TEXTS,
  caseDueAt,
  casePriority,
  categorySeverity,
  isSevereCategory,
  moreSevere,
  type FlagCategory,
  type FlagTargetType,
} from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { AppError, notFound } from '../errors';
import type { Models, ModerationCase } from '../models';
import type { Viewer } from '../policies/viewer';
import { writeAuditLog } from '../commands/auditLogWriter';
import { isTargetHidden, lockTarget, setContentHidden, targetNotFound, type LockedTarget } from './caseTargets';
import { suspendMember } from './memberSuspender';
import { caseChanged } from './caseEvents';
import { loadRelationTo } from '../visibility';
import { establishedAmong } from '../commands/memberStage';

type Deps = { models: Models; sequelize: Sequelize };

export interface FlagOutcome {
  /** True when this member had flagged the target already (its category and note were updated). */
  updated: boolean;
  /** True when this flag was the one that hid the target pending review. */
  hidden: boolean;
  caseId: number;
}

/**
 * A member flags (通報) a report, a comment or a member. The target is locked first, so two
 * flags on it run one after the other: the first opens the target's case, each member has one flag in it
 * (flagging again updates category and note and never counts twice), and the case takes the most severe
 * category flagged (its priority, and its due time if that comes sooner). A target a member cannot see
 * is 404; their own content or themselves, 400. When LIMITS.severeFlaggersToHide distinct members past the
 * new stage (commands/memberStage.ts) flagged it under a severe category, or LIMITS.flaggersToHide under
 * any, the target leaves members' view pending review (its author sees that it is under review). A target decided `harmless` is not reopened by flags
 * on the same version of it: they are recorded on that closed case; an edit opens a new case.
 * `keepExisting` (the old comment-report call) leaves a member's earlier flag as it was.
 */
export async function flagTarget(
  deps: Deps,
  {
    viewer,
    targetType,
    targetId,
    category,
    note,
    keepExisting = false,
    now = new Date(),
  }: { viewer: NonNullable<Viewer>; targetType: FlagTargetType; targetId: number | string; category: FlagCategory; note: string | null; keepExisting?: boolean; now?: Date },
  { transaction }: { transaction: Transaction },
): Promise<FlagOutcome> {
  const { models } = deps;
  const target = await lockTarget(deps, targetType, targetId, { transaction });
  if (!target.visibleTo(viewer.id, isOperatorRole(viewer.role))) throw notFound(TEXTS.flag.targetInvalid);
  if (target.authorId === viewer.id) throw new AppError(400, 'validation_error', TEXTS.flag.ownContent);
  // Blocked by the author: the same 404 as for nothing at all, so flags cannot harass the one who blocked.
  if ((await loadRelationTo(deps.sequelize, viewer.id, target.authorId, now, { transaction })).blockedBy) throw targetNotFound(targetType);

  let open = await models.ModerationCase.findOne({ where: { type: target.type, targetId: target.id, status: 'open' }, transaction, lock: transaction.LOCK.UPDATE });
  if (!open) {
    const harmless = await unchangedHarmlessCase(models, target, transaction);
    if (harmless) {
      const updated = await upsertFlag(models, harmless, { viewerId: viewer.id, category, note, keepExisting, resolvedAt: now }, transaction);
      return { updated, hidden: false, caseId: harmless.id };
    }
    open = await models.ModerationCase.create(
      {
        type: target.type,
        targetType: target.type,
        targetId: target.id,
        authorId: target.authorId,
        category,
        priority: casePriority(target.type, category),
        status: 'open',
        openSlot: 1,
        openedAt: now,
        dueAt: caseDueAt(target.type, category, now),
      },
      { transaction },
    );
    await caseChanged(models, open, 'opened', { transaction });
  }
  const updated = await upsertFlag(models, open, { viewerId: viewer.id, category, note, keepExisting, resolvedAt: null }, transaction);
  const flags = await models.Flag.findAll({ where: { caseId: open.id }, attributes: ['flaggerId', 'category'], transaction });
  const worst = flags.reduce<FlagCategory>((acc, flag) => moreSevere(acc, flag.category), open.category);
  if (categorySeverity(worst) < categorySeverity(open.category)) {
    const due = caseDueAt(open.type, worst, open.openedAt);
    await open.update({ category: worst, priority: casePriority(open.type, worst), dueAt: due < open.dueAt ? due : open.dueAt }, { transaction });
    await caseChanged(models, open, 'escalated', { transaction });
  }
  if (open.autoHiddenAt !== null || isTargetHidden(target)) return { updated, hidden: false, caseId: open.id };
  // Issue 35: only flaggers past the new stage count, so fresh accounts alone never hide anything.
  const established = await establishedAmong(models, [...new Set(flags.map((flag) => flag.flaggerId))], now, { transaction });
  const counted = flags.filter((flag) => established.has(flag.flaggerId));
  const severe = new Set(counted.filter((flag) => isSevereCategory(flag.category)).map((flag) => flag.flaggerId)).size;
  const all = new Set(counted.map((flag) => flag.flaggerId)).size;
  if (severe < LIMITS.severeFlaggersToHide && all < LIMITS.flaggersToHide) return { updated, hidden: false, caseId: open.id };
  const hidden = await hidePendingReview(deps, target, open, now, transaction);
  return { updated, hidden, caseId: open.id };
}

/** The target's last case, when it was decided harmless on the version the target still has. */
async function unchangedHarmlessCase(models: Models, target: LockedTarget, transaction: Transaction): Promise<ModerationCase | null> {
  const last = await models.ModerationCase.findOne({
    where: { type: target.type, targetId: target.id, status: 'closed' },
    order: [['id', 'DESC']],
    transaction,
  });
  if (!last || last.decision !== 'harmless' || last.contentVersion === null) return null;
  return target.version.getTime() <= last.contentVersion.getTime() ? last : null;
}

async function upsertFlag(
  models: Models,
  forCase: ModerationCase,
  { viewerId, category, note, keepExisting, resolvedAt }: { viewerId: number; category: FlagCategory; note: string | null; keepExisting: boolean; resolvedAt: Date | null },
  transaction: Transaction,
): Promise<boolean> {
  const existing = await models.Flag.findOne({ where: { caseId: forCase.id, flaggerId: viewerId }, transaction });
  if (existing) {
    if (!keepExisting) await existing.update({ category, note }, { transaction });
    return true;
  }
  await models.Flag.create({ caseId: forCase.id, flaggerId: viewerId, category, note, resolvedAt }, { transaction });
  return false;
}

/**
 * Takes the target out of members' view until an operator decides, through the visibility module's
 * columns (a member: by suspension, which an operator cannot be). Logged as the system's act.
 */
async function hidePendingReview(deps: Deps, target: LockedTarget, open: ModerationCase, now: Date, transaction: Transaction): Promise<boolean> {
  if (target.type === 'member') {
    if (isOperatorRole(target.member.role)) return false;
    await suspendMember(deps, { actor: null, publicId: target.member.publicId, reason: null, until: null, now, caseId: open.id }, { transaction });
  } else {
    await setContentHidden(deps, target, true, now, { transaction });
    await writeAuditLog(
      deps.models,
      { actorId: null, action: target.type === 'report' ? 'report.hide' : 'comment.hide', targetType: target.type, targetId: target.id, details: { caseId: open.id, pendingReview: true } },
      { transaction },
    );
  }
  await open.update({ autoHiddenAt: now }, { transaction });
  return true;
}

/** Flags still open on `caseIds` (for the queue's counts of a member's flags). */
export const openFlagsWhere = (caseIds: number[]) => ({ caseId: { [Op.in]: caseIds }, resolvedAt: { [Op.is]: null } });
