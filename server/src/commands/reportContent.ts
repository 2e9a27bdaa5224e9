import { TEXTS, REPORT_FIELD_LABELS, type CategoryKey, type ReportAudience, type ReportInput } from '@hiraku/shared';
import { Op, type Transaction } from 'sequelize';
import { AppError, validationError } from '../errors';
import type { Models } from '../models';
import { isReportListed } from '../visibility';

type TagFields = Pick<ReportInput, 'gender' | 'sexualOrientation' | 'role' | 'playCategories' | 'playContents'>;

const FIELD_CATEGORY: Record<keyof TagFields, CategoryKey> = {
  gender: 'gender',
  sexualOrientation: 'sexualOrientation',
  role: 'role',
  playCategories: 'playCategory',
  playContents: 'playContent',
};

/**
 * Every chosen tag must exist and belong to the system category of its field (found by key, as operators
 * may rename categories). Runs inside the write's transaction, so a tag deleted meanwhile is caught here
 * rather than by a foreign key.
 */
export async function assertReportTags(models: Pick<Models, 'Tag' | 'Category'>, input: TagFields, { transaction }: { transaction: Transaction }): Promise<void> {
  const wanted = new Set<number>();
  for (const field of Object.keys(FIELD_CATEGORY) as Array<keyof TagFields>) {
    const value = input[field];
    for (const id of Array.isArray(value) ? value : value === null ? [] : [value]) wanted.add(id);
  }
  if (wanted.size === 0) return;
  const tags = await models.Tag.findAll({
    where: { id: { [Op.in]: [...wanted] } },
    attributes: ['id'],
    include: [{ model: models.Category, as: 'category', attributes: ['key'] }],
    transaction,
  });
  const keyOf = new Map(tags.map((tag) => [tag.id, tag.category?.key ?? null]));
  const fields: Record<string, string> = {};
  for (const field of Object.keys(FIELD_CATEGORY) as Array<keyof TagFields>) {
    const value = input[field];
    const ids = Array.isArray(value) ? value : value === null ? [] : [value];
    if (ids.some((id) => keyOf.get(id) !== FIELD_CATEGORY[field])) {
      fields[field] = TEXTS.report.tagInvalid(REPORT_FIELD_LABELS[field]);
    }
  }
  const first = Object.values(fields)[0];
  if (first) throw validationError(first, fields);
}

export const profileRequired = () => new AppError(409, 'conflict', TEXTS.profile.notSet, { redirectUrl: '/profile' });

/** docs/product.md: creating a report needs a profile; the answer sends the UI to /profile. */
export async function assertHasProfile(models: Pick<Models, 'Profile'>, userId: number, options: { transaction?: Transaction } = {}): Promise<void> {
  await requireProfile(models, userId, options);
}

/** The member's name and icon, as a comment shows them; the same refusal as assertHasProfile without a profile. */
export async function requireProfile(
  models: Pick<Models, 'Profile'>,
  userId: number,
  options: { transaction?: Transaction } = {},
): Promise<{ username: string; iconKey: string | null }> {
  const profile = await models.Profile.findOne({ where: { userId }, attributes: ['username', 'iconKey'], transaction: options.transaction });
  if (!profile) throw profileRequired();
  return { username: profile.username, iconKey: profile.iconKey };
}

type ChildModels = Pick<Models, 'ReportTool' | 'ReportStep' | 'ReportTag'>;
type ChildInput = Pick<ReportInput, 'tools' | 'play' | 'playCategories' | 'playContents'>;

/**
 * Replaces the tools, steps and tag links of an existing report with those of `input`. Call with the
 * report row locked (lockReport), so no other writer touches the same children meanwhile.
 */
export async function replaceReportChildren(models: ChildModels, reportId: number, input: ChildInput, { transaction }: { transaction: Transaction }): Promise<void> {
  await models.ReportTool.destroy({ where: { reportId }, transaction });
  await models.ReportStep.destroy({ where: { reportId }, transaction });
  await models.ReportTag.destroy({ where: { reportId }, transaction });
  await insertReportChildren(models, reportId, input, { transaction });
}

/**
 * Stores the tools, steps and tag links of `input`, keeping the member's order. A new report has no
 * children to remove: deleting the empty range first took gap locks that made concurrent creators
 * deadlock on each other's inserts.
 */
export async function insertReportChildren(models: ChildModels, reportId: number, input: ChildInput, { transaction }: { transaction: Transaction }): Promise<void> {
  await models.ReportTool.bulkCreate(
    input.tools.map((tool, index) => ({ reportId, position: index + 1, name: tool.name, quantity: tool.quantity })),
    { transaction },
  );
  await models.ReportStep.bulkCreate(
    input.play.map((step) => ({ reportId, stepNumber: step.stepNumber, action: step.action })),
    { transaction },
  );
  await models.ReportTag.bulkCreate(
    [
      ...input.playCategories.map((tagId, index) => ({ reportId, kind: 'playCategory' as const, tagId, position: index + 1 })),
      ...input.playContents.map((tagId, index) => ({ reportId, kind: 'playContent' as const, tagId, position: index + 1 })),
    ],
    { transaction },
  );
}

/**
 * Draft flag, publication time and the denormalised `listed` column after a save. `publishedAt` keeps
 * the time of the first publication while the report stays published and is cleared when it goes back
 * to being a draft.
 */
export function publicationState(
  previous: { isDraft: boolean; publishedAt: Date | null } | null,
  next: { isDraft: boolean; hiddenAt: Date | null; authorSuspended: boolean; audience: ReportAudience },
  now: Date,
): { isDraft: boolean; publishedAt: Date | null; listed: boolean } {
  if (next.isDraft) return { isDraft: true, publishedAt: null, listed: false };
  const publishedAt = previous && !previous.isDraft && previous.publishedAt ? previous.publishedAt : now;
  return { isDraft: false, publishedAt, listed: isReportListed({ ...next, isDraft: false }) };
}

/** The report row's own columns from the form, as creating and editing both write them. */
export function reportTextColumns(input: ReportInput) {
  return {
    title: input.title,
    description: input.description,
    tips: input.tips,
    duration: input.duration,
    genderTagId: input.gender,
    sexualOrientationTagId: input.sexualOrientation,
    roleTagId: input.role,
    audience: input.audience,
  };
}
