import {
  casePriority,
  LIMITS,
  readTakedownAddress,
  TAKEDOWN_MAIL_TEXTS,
  TAKEDOWN_REASON_LABELS,
  TAKEDOWN_REQUESTER_LABELS,
  TIMINGS,
  type FlagCategory,
  type FlagTargetType,
  type TakedownReason,
  type TakedownRequesterKind,
} from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { generateSecretToken, hashSecretToken } from '../auth/secretTokens';
import { writeTransaction } from '../db/transaction';
import { takedownConfirmMail, takedownDecisionMail, takedownReceiptMail } from '../mail/templates';
import type { Models } from '../models';
import { enqueueMail } from '../commands/mailOutbox';
import { caseChanged } from './caseEvents';

interface Deps {
  models: Models;
  sequelize: Sequelize;
  env: { publicUrl: string };
}

export interface NewTakedownRequest {
  contentUrl: string;
  requesterKind: TakedownRequesterKind;
  reason: TakedownReason;
  description: string;
  email: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Reasons about an image of a real person: the short clock of 私事性的画像 (a deepfake harms as one does). */
const IMAGE_OF_A_PERSON: readonly TakedownReason[] = ['intimateImage', 'aiManipulatedPerson'];

/** The flag category a takedown case is filed under (the queue and the transparency report count by it). */
const CATEGORY_OF_REASON: Record<TakedownReason, FlagCategory> = {
  intimateImage: 'nonConsensual',
  aiManipulatedPerson: 'aiManipulatedPerson',
  defamationPrivacy: 'harassment',
  copyright: 'other',
  illegalObscene: 'obscene',
  other: 'other',
};

/** Private sexual images are decided within 2 days (the revenge-porn act's procedure), the rest within 7. */
export function takedownDueAt(reason: TakedownReason, confirmedAt: Date): Date {
  const days = IMAGE_OF_A_PERSON.includes(reason) ? LIMITS.takedownIntimateDueDays : LIMITS.takedownOtherDueDays;
  return new Date(confirmedAt.getTime() + days * DAY_MS);
}

/**
 * Files a request and mails the link that confirms the address: until it is opened the request reaches
 * nobody, so a stranger cannot make us mail an address that did not ask (only the confirmation itself).
 */
export async function fileTakedownRequest(deps: Deps, input: NewTakedownRequest, now = new Date()): Promise<void> {
  const token = generateSecretToken();
  await writeTransaction(deps.sequelize, async (transaction) => {
    await deps.models.TakedownRequest.create(
      { ...input, confirmTokenHash: hashSecretToken(token), confirmExpiresAt: new Date(now.getTime() + TIMINGS.takedownConfirmTtlSec * 1000), createdAt: now },
      { transaction },
    );
    const link = `${deps.env.publicUrl}/takedown-request/confirm?token=${encodeURIComponent(token)}`;
    await enqueueMail(deps.models, 'takedownConfirm', takedownConfirmMail({ to: input.email, link, publicUrl: deps.env.publicUrl }), { transaction });
  });
}

/**
 * Our report, comment or member named by the address (packages/shared's readTakedownAddress), when it
 * still exists: the form took only our own addresses, but the content may be gone since.
 */
export async function resolveTakedownTarget(
  deps: Deps,
  contentUrl: string,
  transaction?: Transaction,
): Promise<{ type: FlagTargetType; id: number; authorId: number } | null> {
  const reading = readTakedownAddress(contentUrl, deps.env.publicUrl);
  if (!reading.ok) return null;
  const { target } = reading;
  if (target.kind === 'member') {
    const found = await deps.models.User.findOne({ where: { publicId: target.publicId }, attributes: ['id'], transaction });
    return found ? { type: 'member', id: found.id, authorId: found.id } : null;
  }
  if (target.commentId !== null) {
    const found = await deps.models.Comment.findByPk(target.commentId, { attributes: ['id', 'authorId', 'reportId'], transaction });
    return found && found.reportId === target.reportId ? { type: 'comment', id: found.id, authorId: found.authorId } : null;
  }
  const found = await deps.models.Report.findByPk(target.reportId, { attributes: ['id', 'authorId'], transaction });
  return found ? { type: 'report', id: found.id, authorId: found.authorId } : null;
}

export type ConfirmOutcome = 'confirmed' | 'alreadyConfirmed' | 'invalid';

/**
 * The address is confirmed: the request becomes a `takedown` case in the operators' queue, with its clock
 * and what it names, and the receipt goes out, all in one transaction. A second request naming the same
 * content joins its open case (the earlier clock wins). An address whose content is gone (deleted since,
 * or a request filed before the form took only our own pages), or a target whose id an open takedown
 * case of another kind holds, gets a case of its own, keyed by the
 * request (a negative target id, which no content has), for the operators to read.
 */
export async function confirmTakedownRequest(deps: Deps, token: string, now = new Date()): Promise<ConfirmOutcome> {
  return writeTransaction(deps.sequelize, async (transaction) => {
    const { models } = deps;
    const request = await models.TakedownRequest.findOne({ where: { confirmTokenHash: hashSecretToken(token) }, transaction, lock: transaction.LOCK.UPDATE });
    if (!request) return 'invalid';
    if (request.confirmedAt) return 'alreadyConfirmed';
    if (request.confirmExpiresAt <= now) return 'invalid';

    const dueAt = takedownDueAt(request.reason, now);
    const category = CATEGORY_OF_REASON[request.reason];
    const target = await resolveTakedownTarget(deps, request.contentUrl, transaction);
    let caseId: number | null = null;
    if (target) {
      const open = await models.ModerationCase.findOne({ where: { type: 'takedown', targetId: target.id, openSlot: 1 }, transaction, lock: transaction.LOCK.UPDATE });
      if (open && open.targetType === target.type) {
        caseId = open.id;
        if (dueAt < open.dueAt) {
          await open.update({ dueAt }, { transaction });
          await caseChanged(models, open, 'escalated', { transaction });
        }
      } else if (!open) {
        const opened = await models.ModerationCase.create(
          { type: 'takedown', targetType: target.type, targetId: target.id, authorId: target.authorId, category, priority: casePriority('takedown', category), status: 'open', openSlot: 1, openedAt: now, dueAt },
          { transaction },
        );
        await caseChanged(models, opened, 'opened', { transaction });
        caseId = opened.id;
      }
    }
    if (caseId === null) {
      const opened = await models.ModerationCase.create(
        { type: 'takedown', targetType: 'report', targetId: -request.id, authorId: null, category, priority: casePriority('takedown', category), status: 'open', openSlot: 1, openedAt: now, dueAt },
        { transaction },
      );
      await caseChanged(models, opened, 'opened', { transaction });
      caseId = opened.id;
    }
    await models.CaseNote.create({ caseId, authorId: null, text: requestNote(request), createdAt: now }, { transaction });
    await request.update({ confirmedAt: now, dueAt, caseId, targetType: target?.type ?? null, targetId: target?.id ?? null }, { transaction });
    const receipt = takedownReceiptMail({ to: request.email, requestId: request.id, contentUrl: request.contentUrl, intimate: IMAGE_OF_A_PERSON.includes(request.reason), publicUrl: deps.env.publicUrl });
    await enqueueMail(models, 'takedownReceipt', receipt, { transaction });
    return 'confirmed';
  });
}

/** What the operators read on the case: the request as filed (the requester's address stays out of it). */
function requestNote(request: { id: number; contentUrl: string; requesterKind: TakedownRequesterKind; reason: TakedownReason; description: string }): string {
  const T = TAKEDOWN_MAIL_TEXTS;
  return [
    `${T.noteHeading} ${T.receiptRef} ${request.id}`,
    `${T.receiptUrl}: ${request.contentUrl}`,
    `${T.noteRequester}: ${TAKEDOWN_REQUESTER_LABELS[request.requesterKind]}`,
    `${T.noteReason}: ${TAKEDOWN_REASON_LABELS[request.reason]}`,
    '',
    request.description,
  ].join('\n');
}

/**
 * A takedown case was decided (caseResolver): each request on it is marked and its requester told the
 * outcome, in the decision's transaction. Nothing about the member concerned goes into the mail.
 */
export async function tellTakedownDecision(
  deps: { models: Models; publicUrl: string },
  { caseId, removed, now }: { caseId: number; removed: boolean; now: Date },
  { transaction }: { transaction: Transaction },
): Promise<void> {
  const requests = await deps.models.TakedownRequest.findAll({ where: { caseId, decidedAt: { [Op.is]: null } }, transaction });
  for (const request of requests) {
    await request.update({ decidedAt: now, acted: removed }, { transaction });
    const mail = takedownDecisionMail({ to: request.email, requestId: request.id, contentUrl: request.contentUrl, removed, publicUrl: deps.publicUrl });
    await enqueueMail(deps.models, 'takedownDecision', mail, { transaction });
  }
}
