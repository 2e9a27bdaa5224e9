import { TEXTS } from '@hiraku/shared';
import { Op, type Transaction } from 'sequelize';
import { conflict, validationError } from '../errors';
import type { Models } from '../models';

const cm = TEXTS.taxonomy;

export async function assertCategoryExists(models: Pick<Models, 'Category'>, categoryId: number | null, transaction: Transaction): Promise<void> {
  if (categoryId === null) return;
  const category = await models.Category.findByPk(categoryId, { attributes: ['id'], transaction });
  if (!category) throw validationError(cm.categoryNotFound, { category_id: cm.categoryNotFound });
}

/**
 * The parent must exist, and for an existing tag must be neither itself nor one of its descendants,
 * or the tree would loop. Walks up from the new parent; the depth is bounded by the number of tags.
 */
export async function assertValidParent(
  models: Pick<Models, 'Tag'>,
  { tagId, parentId }: { tagId: number | null; parentId: number | null },
  transaction: Transaction,
): Promise<void> {
  if (parentId === null) return;
  if (parentId === tagId) throw validationError(cm.parentCycle, { parent_id: cm.parentCycle });
  const seen = new Set<number>();
  let current: number | null = parentId;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const tag: { id: number; parentId: number | null } | null = await models.Tag.findByPk(current, { attributes: ['id', 'parentId'], transaction });
    if (!tag) {
      if (current === parentId) throw validationError(cm.parentInvalid, { parent_id: cm.parentInvalid });
      return;
    }
    if (tagId !== null && tag.parentId === tagId) throw validationError(cm.parentCycle, { parent_id: cm.parentCycle });
    current = tag.parentId;
  }
}

/**
 * Names are unique within a category (the unique index says so too, but not for unclassified tags,
 * where NULL never equals NULL): a clear 409 instead of a constraint error.
 */
export async function assertTagNameFree(
  models: Pick<Models, 'Tag'>,
  { name, categoryId, exceptId }: { name: string; categoryId: number | null; exceptId: number | null },
  transaction: Transaction,
): Promise<void> {
  const clash = await models.Tag.findOne({
    where: { name, categoryId, ...(exceptId === null ? {} : { id: { [Op.ne]: exceptId } }) },
    attributes: ['id'],
    transaction,
  });
  if (clash) throw conflict(TEXTS.taxonomy.nameTaken);
}

export async function assertCategoryNameFree(
  models: Pick<Models, 'Category'>,
  { name, exceptId }: { name: string; exceptId: number | null },
  transaction: Transaction,
): Promise<void> {
  const clash = await models.Category.findOne({
    where: { name, ...(exceptId === null ? {} : { id: { [Op.ne]: exceptId } }) },
    attributes: ['id'],
    transaction,
  });
  if (clash) throw conflict(TEXTS.taxonomy.nameTaken);
}

/** Reports whose search document carries the tag's name (as a play tag or as gender, orientation or role). */
export async function reportsUsingTag(models: Pick<Models, 'Report' | 'ReportTag'>, tagId: number, transaction: Transaction): Promise<number[]> {
  const [links, direct] = await Promise.all([
    models.ReportTag.findAll({ where: { tagId }, attributes: ['reportId'], transaction }),
    models.Report.findAll({
      where: { [Op.or]: [{ genderTagId: tagId }, { sexualOrientationTagId: tagId }, { roleTagId: tagId }] },
      attributes: ['id'],
      transaction,
    }),
  ]);
  return [...new Set([...links.map((link) => link.reportId), ...direct.map((report) => report.id)])];
}
