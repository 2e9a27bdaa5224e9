import { TEXTS, type FlagTargetType } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Comment, Models, Report, User } from '../models';
import { recountReports } from '../visibility';
import { lockCommentWithReport } from '../commands/commentLoader';
import { lockReport } from '../commands/reportLoader';
import { applyReportHidden } from './reportHider';
import { forgetNotificationsOfComments } from '../notifications';

type Deps = { models: Models; sequelize: Sequelize };
type Options = { transaction: Transaction };

/** A flag's or case's target, locked for the rest of the transaction. */
export type LockedTarget =
  | { type: 'report'; id: number; authorId: number; version: Date; report: Report; visibleTo: (viewerId: number, operator: boolean) => boolean }
  | { type: 'comment'; id: number; authorId: number; version: Date; comment: Comment; report: Report; visibleTo: (viewerId: number, operator: boolean) => boolean }
  | { type: 'member'; id: number; authorId: number; version: Date; member: User; visibleTo: (viewerId: number, operator: boolean) => boolean };

const notFoundText: Record<FlagTargetType, string> = { report: TEXTS.report.notFound, comment: TEXTS.comment.notFound, member: TEXTS.profile.memberNotFound };

/** The answer for a target that does not exist (also what a member blocked by its author gets: issue 35). */
export const targetNotFound = (type: FlagTargetType) => notFound(notFoundText[type]);

/** Numeric ids for reports and comments; a member by public id. Anything malformed is a target that does not exist. */
export function parseTargetId(type: FlagTargetType, id: string): number | string {
  if (type === 'member') return id;
  if (!/^[1-9][0-9]{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) throw notFound(notFoundText[type]);
  return Number(id);
}

/**
 * Locks the target (the report, the comment with its report first, or the member) so flags and
 * decisions on it run one at a time; 404 when it does not exist. `version` is its author's last edit
 * (a member's: their profile's), which `harmless` remembers.
 */
export async function lockTarget(deps: Deps, type: FlagTargetType, rawId: number | string, { transaction }: Options): Promise<LockedTarget> {
  const { models } = deps;
  if (type === 'report') {
    const locked = typeof rawId === 'number' ? await lockReport(models, rawId, transaction) : null;
    if (!locked) throw notFound(notFoundText.report);
    const { report, subject } = locked;
    return {
      type,
      id: report.id,
      authorId: report.authorId,
      version: report.updatedAt,
      report,
      // The visibility module's rule, read from the same facts (a draft is its author's alone).
      visibleTo: (viewerId, operator) =>
        viewerId === subject.authorId || (!subject.isDraft && ((subject.hiddenAt === null && !subject.authorSuspended) || operator)),
    };
  }
  if (type === 'comment') {
    if (typeof rawId !== 'number') throw notFound(notFoundText.comment);
    const { comment, report, reportSubject } = await lockCommentWithReport(models, rawId, transaction);
    return {
      type,
      id: comment.id,
      authorId: comment.authorId,
      version: comment.updatedAt,
      comment,
      report,
      // A member may flag a comment of a report they can read even once flags hid it; never a deleted one.
      visibleTo: (viewerId, operator) =>
        comment.deletedAt === null &&
        (viewerId === reportSubject.authorId || (!reportSubject.isDraft && ((reportSubject.hiddenAt === null && !reportSubject.authorSuspended) || operator))),
    };
  }
  const where = typeof rawId === 'number' ? { id: rawId } : { publicId: rawId };
  const member = await models.User.findOne({ where, transaction, lock: transaction.LOCK.UPDATE });
  if (!member) throw notFound(notFoundText.member);
  const profile = await models.Profile.findOne({ where: { userId: member.id }, attributes: ['updatedAt'], transaction });
  return {
    type,
    id: member.id,
    authorId: member.id,
    version: profile?.updatedAt ?? member.createdAt,
    member,
    // A suspended member's profile is nobody's to see but operators' (visibility module).
    visibleTo: (viewerId, operator) => viewerId === member.id || member.suspendedAt === null || operator,
  };
}

/** Whether the target is out of members' view now (hidden, deleted, or its member suspended). */
export function isTargetHidden(target: LockedTarget): boolean {
  if (target.type === 'report') return target.report.hiddenAt !== null;
  if (target.type === 'comment') return target.comment.hiddenAt !== null || target.comment.deletedAt !== null;
  return target.member.suspendedAt !== null;
}

/**
 * Hides (or shows again) a report or comment through the visibility module's columns, with the
 * counters, `listed` and the search outbox that follow them. Members are hidden by suspension
 * (memberSuspender), which the callers do themselves for its audit row.
 */
export async function setContentHidden(deps: Deps, target: LockedTarget, hidden: boolean, now: Date, options: Options): Promise<boolean> {
  if (target.type === 'report') {
    if ((target.report.hiddenAt !== null) === hidden) return false;
    await applyReportHidden(deps, target.report, hidden, now, options);
    return true;
  }
  if (target.type === 'comment') {
    if ((target.comment.hiddenAt !== null) === hidden) return false;
    // silent: updated_at is the author's; an operator's decision is in the audit log.
    await target.comment.update({ hiddenAt: hidden ? now : null }, { ...options, silent: true });
    await recountReports(deps.sequelize, [target.report.id], options);
    return true;
  }
  return false;
}

/** Removes a comment for everyone, its author included (or brings it back, on an overturned appeal). */
export async function setCommentDeleted(deps: Deps, target: Extract<LockedTarget, { type: 'comment' }>, deleted: boolean, now: Date, options: Options): Promise<boolean> {
  if ((target.comment.deletedAt !== null) === deleted) return false;
  await target.comment.update(deleted ? { deletedAt: now } : { deletedAt: null, hiddenAt: null }, { ...options, silent: true });
  await recountReports(deps.sequelize, [target.report.id], options);
  // The row stays for the moderation record, so the report author's notification of it goes here.
  if (deleted) await forgetNotificationsOfComments(deps.models, [target.comment.id], options);
  return true;
}
