import { TEXTS, type TagCreateInput, type TagUpdateInput } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { JsonObject, Models, Tag } from '../models';
import { writeAuditLog } from './auditLogWriter';
import { enqueueReportSearchSync } from './searchOutbox';
import { refreshMatchTexts } from './reportMatchText';
import { assertCategoryExists, assertTagNameFree, assertValidParent, reportsUsingTag } from './taxonomyGuards';

type TagModels = Pick<Models, 'Tag' | 'Category' | 'Report' | 'ReportTag' | 'AuditLog' | 'SearchOutboxEntry'>;
type Options = { transaction: Transaction };

const snapshot = (tag: Tag): JsonObject => ({
  name: tag.name,
  order: tag.sortOrder,
  level: tag.level,
  popularity: tag.popularity,
  parentId: tag.parentId,
  categoryId: tag.categoryId,
});

/** An operator creates a tag; written to the audit log. */
export async function createTag(models: TagModels, { actorId, input }: { actorId: number; input: TagCreateInput }, { transaction }: Options): Promise<Tag> {
  await assertCategoryExists(models, input.category_id, transaction);
  await assertValidParent(models, { tagId: null, parentId: input.parent_id }, transaction);
  await assertTagNameFree(models, { name: input.name, categoryId: input.category_id, exceptId: null }, transaction);
  const tag = await models.Tag.create(
    {
      name: input.name,
      sortOrder: input.order,
      level: input.level,
      popularity: input.popularity,
      parentId: input.parent_id,
      categoryId: input.category_id,
    },
    { transaction },
  );
  await writeAuditLog(models, { actorId, action: 'tag.create', targetType: 'tag', targetId: tag.id, details: { after: snapshot(tag) } }, { transaction });
  return tag;
}

/**
 * An operator changes a tag; only the fields sent change. A new name reaches the search documents of
 * every report that uses the tag, in the same transaction.
 */
export async function updateTag(
  models: TagModels,
  { actorId, tagId, input }: { actorId: number; tagId: number; input: TagUpdateInput },
  { transaction }: Options,
): Promise<Tag> {
  const tag = await models.Tag.findByPk(tagId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!tag) throw notFound(TEXTS.taxonomy.tagNotFound);
  const before = snapshot(tag);
  const categoryId = input.category_id === undefined ? tag.categoryId : input.category_id;
  const parentId = input.parent_id === undefined ? tag.parentId : input.parent_id;
  const name = input.name ?? tag.name;
  if (input.category_id !== undefined) await assertCategoryExists(models, categoryId, transaction);
  if (input.parent_id !== undefined) await assertValidParent(models, { tagId, parentId }, transaction);
  if (name !== tag.name || categoryId !== tag.categoryId) await assertTagNameFree(models, { name, categoryId, exceptId: tagId }, transaction);
  const renamed = name !== tag.name;
  await tag.update(
    {
      name,
      categoryId,
      parentId,
      sortOrder: input.order ?? tag.sortOrder,
      level: input.level ?? tag.level,
      popularity: input.popularity ?? tag.popularity,
    },
    { transaction },
  );
  if (renamed) {
    const using = await reportsUsingTag(models, tagId, transaction);
    await refreshMatchTexts(models, using, { transaction });
    await enqueueReportSearchSync(models, using, 'upsert', { transaction });
  }
  await writeAuditLog(
    models,
    { actorId, action: 'tag.update', targetType: 'tag', targetId: tagId, details: { before, after: snapshot(tag) } },
    { transaction },
  );
  return tag;
}

/**
 * An operator deletes a tag. Reports lose it (their links cascade, their gender/orientation/role is
 * cleared) and are re-indexed; child tags become top-level tags.
 */
export async function deleteTag(models: TagModels, { actorId, tagId }: { actorId: number; tagId: number }, { transaction }: Options): Promise<void> {
  const tag = await models.Tag.findByPk(tagId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!tag) throw notFound(TEXTS.taxonomy.tagNotFound);
  const affected = await reportsUsingTag(models, tagId, transaction);
  await models.Tag.destroy({ where: { id: tagId }, transaction });
  await refreshMatchTexts(models, affected, { transaction });
  await enqueueReportSearchSync(models, affected, 'upsert', { transaction });
  await writeAuditLog(
    models,
    { actorId, action: 'tag.delete', targetType: 'tag', targetId: tagId, details: { before: snapshot(tag), reportsAffected: affected.length } },
    { transaction },
  );
}
