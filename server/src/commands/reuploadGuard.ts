import { FLAG_CATEGORIES, LIMITS, TEXTS, caseDueAt, casePriority, type FlagCategory } from '@hiraku/shared';
import { Op, type Sequelize, type Transaction } from 'sequelize';
import { writeTransaction } from '../db/transaction';
import { validationError } from '../errors';
import { hashDistance } from '../images/perceptualHash';
import type { Models, Report } from '../models';
// The file, not moderation's index: moderation's commands import this module, so that would be a cycle.
import { caseChanged } from '../moderation/caseEvents';
import { writeAuditLog } from './auditLogWriter';

type Options = { transaction: Transaction };

/** The most likely reason an image was removed when the deciding case says nothing more precise. */
const DEFAULT_CATEGORY: FlagCategory = 'nonConsensual';

/**
 * Blocks (or, with `blocked: false`, frees) the current image of `report`, in the transaction of the
 * decision that removed it (or undid that). An image stored before issue 38 has no fingerprint and is
 * not blocked: nothing about it is known any more.
 */
export async function setReportImageBlocked(
  models: Pick<Models, 'ImageFingerprint'>,
  report: Pick<Report, 'mainImageKey'>,
  { blocked, caseId = null, now = new Date() }: { blocked: boolean; caseId?: number | null; now?: Date },
  { transaction }: Options,
): Promise<void> {
  if (!report.mainImageKey) return;
  await models.ImageFingerprint.update(
    blocked ? { blockedAt: now, blockedCaseId: caseId } : { blockedAt: null, blockedCaseId: null },
    { where: { imageKey: report.mainImageKey }, transaction },
  );
}

/** Remembers the hash of a report image being stored, in the transaction that stores it. */
export async function recordImageFingerprint(models: Pick<Models, 'ImageFingerprint'>, imageKey: string, hash: string, { transaction }: Options): Promise<void> {
  await models.ImageFingerprint.create({ imageKey, hash }, { transaction });
}

type Uploader = { id: number; publicId: string };

interface BlockedMatch {
  distance: number;
  caseId: number | null;
}

/** The closest blocked image within LIMITS.imageHashMaxDistance of `hash`, or null. */
async function closestBlocked(models: Pick<Models, 'ImageFingerprint'>, hash: string): Promise<BlockedMatch | null> {
  // A popcount per blocked image: removed images are few (hundreds), so one pass beats an index.
  const blocked = await models.ImageFingerprint.findAll({ where: { blockedAt: { [Op.ne]: null } }, attributes: ['hash', 'blockedCaseId'], raw: true });
  let best: BlockedMatch | null = null;
  for (const row of blocked) {
    const distance = hashDistance(hash, row.hash);
    if (distance <= LIMITS.imageHashMaxDistance && (best === null || distance < best.distance)) best = { distance, caseId: row.blockedCaseId };
  }
  return best;
}

/**
 * Refuses an upload whose image is (nearly) one a moderation decision removed: the member reads a neutral
 * message (TEXTS.guard.imageRefused) and nothing is stored, while the operators get a case about the
 * member (the open one, or a new one) with a note naming the original decision, committed before the
 * refusal is answered.
 */
export async function assertImageNotBlocked(
  deps: { models: Models; sequelize: Sequelize },
  { uploader, hash, now = new Date() }: { uploader: Uploader; hash: string; now?: Date },
): Promise<void> {
  const match = await closestBlocked(deps.models, hash);
  if (!match) return;
  await writeTransaction(deps.sequelize, (transaction) => openReuploadCase(deps, { uploader, match, now }, { transaction }));
  throw validationError(TEXTS.guard.imageRefused, { mainImage: TEXTS.guard.imageRefused });
}

async function openReuploadCase(deps: { models: Models }, { uploader, match, now }: { uploader: Uploader; match: BlockedMatch; now: Date }, { transaction }: Options): Promise<void> {
  const { models } = deps;
  const uploaderId = uploader.id;
  const original = match.caseId === null ? null : await models.ModerationCase.findByPk(match.caseId, { attributes: ['category'], transaction });
  const category = original && (FLAG_CATEGORIES as readonly string[]).includes(original.category) ? original.category : DEFAULT_CATEGORY;
  let open = await models.ModerationCase.findOne({ where: { type: 'member', targetId: uploaderId, status: 'open' }, transaction, lock: transaction.LOCK.UPDATE });
  if (!open) {
    open = await models.ModerationCase.create(
      {
        type: 'member',
        targetType: 'member',
        targetId: uploaderId,
        authorId: uploaderId,
        category,
        priority: casePriority('member', category),
        status: 'open',
        openSlot: 1,
        openedAt: now,
        dueAt: caseDueAt('member', category, now),
      },
      { transaction },
    );
    await caseChanged(models, open, 'opened', { transaction });
  }
  await models.CaseNote.create({ caseId: open.id, authorId: null, text: TEXTS.guard.screens.reuploadNote(match.distance, match.caseId), createdAt: now }, { transaction });
  await writeAuditLog(
    models,
    { actorId: null, action: 'image.reupload_refused', targetType: 'user', targetId: uploader.publicId, details: { caseId: open.id, originalCaseId: match.caseId, distance: match.distance } },
    { transaction },
  );
}
