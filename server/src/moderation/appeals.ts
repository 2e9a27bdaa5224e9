import { TEXTS, appealDeadline, caseDueAt, casePriority, isAdverse, type FlagTargetType, type MemberDecision, type ReviewState } from '@hiraku/shared';
import { Op, type Transaction } from 'sequelize';
import { AppError, conflict, notFound } from '../errors';
import type { Models, ModerationCase } from '../models';
import type { Viewer } from '../policies/viewer';
import { parseTargetId } from './caseTargets';
import { caseChanged } from './caseEvents';

type Member = NonNullable<Viewer>;

/** Where a target lives in the web app. */
export function targetPath(type: FlagTargetType, id: number, extra: { reportId?: number; publicId?: string }): string | null {
  if (type === 'report') return `/reports/${id}`;
  // A comment is shown on its report's page.
  if (type === 'comment') return extra.reportId ? `/reports/${extra.reportId}` : null;
  return extra.publicId ? `/profile/${extra.publicId}` : null;
}

/** A decided case as its author sees it; null when it is not an adverse decision on the viewer's content. */
async function presentDecision(models: Models, viewer: Member, decided: ModerationCase, now: Date, transaction?: Transaction): Promise<MemberDecision | null> {
  if (decided.authorId !== viewer.id || decided.type === 'appeal' || decided.status !== 'closed' || !decided.decision || !isAdverse(decided.decision) || !decided.closedAt) return null;
  const appeal = await models.ModerationCase.findOne({ where: { appealOfCaseId: decided.id }, transaction });
  const until = appealDeadline(decided.closedAt);
  // Content removed for good (削除) is named by what its case kept.
  let title: string | null = decided.removedTitle;
  let path: string | null = null;
  if (decided.targetType === 'report') {
    const report = await models.Report.findByPk(decided.targetId, { attributes: ['title'], transaction });
    title = report?.title ?? title;
    path = report ? targetPath('report', decided.targetId, {}) : null;
  } else if (decided.targetType === 'comment') {
    const comment = await models.Comment.findByPk(decided.targetId, { attributes: ['reportId', 'text'], transaction });
    if (comment?.text) title = Array.from(comment.text).slice(0, 40).join('');
    path = comment ? targetPath('comment', decided.targetId, { reportId: comment.reportId }) : null;
  }
  return {
    caseId: decided.id,
    target: { type: decided.targetType, id: String(decided.targetId), title, path },
    category: decided.category,
    action: decided.decision,
    reason: decided.decisionReason ?? '',
    decidedAt: decided.closedAt.toISOString(),
    appealUntil: until.toISOString(),
    canAppeal: !appeal && now <= until,
    appeal: appeal ? { filedAt: appeal.openedAt.toISOString(), outcome: appeal.status === 'closed' ? appeal.decision : null } : null,
  };
}

/** GET /api/decisions/{caseId}: the author's own decision, 404 for anyone else (operators included). */
export async function loadMemberDecision(models: Models, viewer: Member, caseId: number, now = new Date()): Promise<MemberDecision> {
  const decided = await models.ModerationCase.findByPk(caseId);
  const decision = decided ? await presentDecision(models, viewer, decided, now) : null;
  if (!decision) throw notFound(TEXTS.flag.caseNotFound);
  return decision;
}

/**
 * GET /api/decisions?targetType=&targetId=: for the author's own content page. `underReview` while flags
 * keep it hidden pending an operator's decision; `decision`, its latest adverse decision (appealable).
 * Someone else's content is answered like content without any case: nobody learns it was flagged.
 */
export async function loadReviewState(models: Models, viewer: Member, targetType: FlagTargetType, rawId: string, now = new Date()): Promise<ReviewState> {
  const parsed = parseTargetId(targetType, rawId);
  const targetId = typeof parsed === 'number' ? parsed : ((await models.User.findOne({ where: { publicId: parsed }, attributes: ['id'] }))?.id ?? 0);
  const cases = await models.ModerationCase.findAll({
    where: { type: targetType, targetId, authorId: viewer.id },
    order: [['id', 'DESC']],
    limit: 5,
  });
  const underReview = cases.some((entry) => entry.status === 'open' && entry.autoHiddenAt !== null);
  for (const entry of cases) {
    const decision = await presentDecision(models, viewer, entry, now);
    if (decision) return { underReview, decision };
  }
  return { underReview, decision: null };
}

/**
 * POST /api/appeals: the author appeals an adverse decision, once (409), within LIMITS.appealWindowDays
 * (400). It opens an appeal case at the top of the queue (priority 0), due like a severe case.
 */
export async function fileAppeal(
  models: Models,
  { viewer, caseId, text, now = new Date() }: { viewer: Member; caseId: number; text: string; now?: Date },
  { transaction }: { transaction: Transaction },
): Promise<MemberDecision> {
  const decided = await models.ModerationCase.findByPk(caseId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!decided || decided.authorId !== viewer.id || decided.type === 'appeal') throw notFound(TEXTS.flag.caseNotFound);
  if (decided.status !== 'closed' || !decided.decision || !isAdverse(decided.decision) || !decided.closedAt) {
    throw new AppError(400, 'validation_error', TEXTS.flag.appealNotAllowed);
  }
  if (await models.ModerationCase.count({ where: { appealOfCaseId: caseId }, transaction })) throw conflict(TEXTS.flag.appealAlreadyFiled);
  if (now > appealDeadline(decided.closedAt)) throw new AppError(400, 'validation_error', TEXTS.flag.appealTooLate);
  const appeal = await models.ModerationCase.create(
    {
      type: 'appeal',
      targetType: decided.targetType,
      targetId: decided.targetId,
      authorId: viewer.id,
      category: decided.category,
      priority: casePriority('appeal', decided.category),
      status: 'open',
      openSlot: null,
      openedAt: now,
      dueAt: caseDueAt('appeal', decided.category, now),
      appealOfCaseId: decided.id,
      appealText: text,
    },
    { transaction },
  );
  await caseChanged(models, appeal, 'opened', { transaction });
  const decision = await presentDecision(models, viewer, decided, now, transaction);
  if (!decision) throw notFound(TEXTS.flag.caseNotFound);
  return decision;
}

/** Appeal cases a member filed (for their history). */
export const appealsOf = (models: Models, userId: number) =>
  models.ModerationCase.findAll({ where: { type: 'appeal', authorId: userId, appealOfCaseId: { [Op.ne]: null } }, order: [['id', 'DESC']] });
