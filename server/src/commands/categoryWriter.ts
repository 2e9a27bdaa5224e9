import { TEXTS, type CategoryCreateInput, type CategoryUpdateInput } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { conflict, notFound } from '../errors';
import type { Category, JsonObject, Models } from '../models';
import { writeAuditLog } from './auditLogWriter';
import { assertCategoryNameFree } from './taxonomyGuards';

type CategoryModels = Pick<Models, 'Category' | 'AuditLog'>;
type Options = { transaction: Transaction };

const snapshot = (category: Category): JsonObject => ({ name: category.name, level: category.level, order: category.sortOrder, key: category.key ?? null });

/** An operator adds a category: level 1 and last in the list unless told otherwise (docs/product.md §5). */
export async function createCategory(
  models: CategoryModels,
  { actorId, input }: { actorId: number; input: CategoryCreateInput },
  { transaction }: Options,
): Promise<Category> {
  await assertCategoryNameFree(models, { name: input.name, exceptId: null }, transaction);
  const order = input.order ?? (await models.Category.count({ transaction })) + 1;
  const category = await models.Category.create({ name: input.name, level: input.level ?? 1, sortOrder: order }, { transaction });
  await writeAuditLog(
    models,
    { actorId, action: 'category.create', targetType: 'category', targetId: category.id, details: { after: snapshot(category) } },
    { transaction },
  );
  return category;
}

/** An operator renames or reorders a category (system categories included: code finds those by key). */
export async function updateCategory(
  models: CategoryModels,
  { actorId, categoryId, input }: { actorId: number; categoryId: number; input: CategoryUpdateInput },
  { transaction }: Options,
): Promise<Category> {
  const category = await models.Category.findByPk(categoryId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!category) throw notFound(TEXTS.taxonomy.categoryNotFound);
  const before = snapshot(category);
  if (input.name !== undefined && input.name !== category.name) {
    await assertCategoryNameFree(models, { name: input.name, exceptId: categoryId }, transaction);
  }
  await category.update(
    { name: input.name ?? category.name, level: input.level ?? category.level, sortOrder: input.order ?? category.sortOrder },
    { transaction },
  );
  await writeAuditLog(
    models,
    { actorId, action: 'category.update', targetType: 'category', targetId: categoryId, details: { before, after: snapshot(category) } },
    { transaction },
  );
  return category;
}

/**
 * An operator deletes a category; its tags stay, unclassified. The six system categories cannot go:
 * the report and profile forms draw their choices from them.
 */
export async function deleteCategory(
  models: CategoryModels,
  { actorId, categoryId }: { actorId: number; categoryId: number },
  { transaction }: Options,
): Promise<void> {
  const category = await models.Category.findByPk(categoryId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!category) throw notFound(TEXTS.taxonomy.categoryNotFound);
  if (category.key) throw conflict(TEXTS.taxonomy.systemCategoryLocked);
  await models.Category.destroy({ where: { id: categoryId }, transaction });
  await writeAuditLog(
    models,
    { actorId, action: 'category.delete', targetType: 'category', targetId: categoryId, details: { before: snapshot(category) } },
    { transaction },
  );
}
