import type { AccountExport } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import type { Models } from '../../models';

type SaveModels = Pick<Models, 'Save' | 'Collection' | 'CollectionReport'>;

/** The member's saves (newest first) and collections (their order, each report in its place) for the account export. */
export async function exportSaves(models: SaveModels, userId: number): Promise<Pick<AccountExport, 'saves' | 'collections'>> {
  const [saves, collections] = await Promise.all([
    models.Save.findAll({ where: { userId }, order: [['createdAt', 'DESC'], ['reportId', 'DESC']] }),
    models.Collection.findAll({ where: { userId }, order: [['position', 'ASC'], ['id', 'ASC']] }),
  ]);
  const filed = collections.length === 0 ? [] : await models.CollectionReport.findAll({ where: { collectionId: collections.map((c) => c.id) }, order: [['position', 'ASC'], ['reportId', 'ASC']] });
  return {
    saves: saves.map((save) => ({ reportId: save.reportId, savedAt: save.createdAt.toISOString() })),
    collections: collections.map((c) => ({
      name: c.name,
      reportIds: filed.filter((row) => row.collectionId === c.id).map((row) => row.reportId),
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** Everything of the member's saves and collections, for account deletion (SQLite may run without foreign keys). */
export async function deleteSavesOf(models: SaveModels, userId: number, { transaction }: { transaction: Transaction }): Promise<void> {
  const collectionIds = (await models.Collection.findAll({ where: { userId }, attributes: ['id'], transaction })).map((c) => c.id);
  if (collectionIds.length > 0) await models.CollectionReport.destroy({ where: { collectionId: collectionIds }, transaction });
  await models.Collection.destroy({ where: { userId }, transaction });
  await models.Save.destroy({ where: { userId }, transaction });
}
