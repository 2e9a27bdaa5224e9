import { TEXTS } from '@hiraku/shared';
import { createCategory, deleteCategory, updateCategory } from '../../commands/categoryWriter';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import { presentCategory } from '../../presenters/category';
import type { AppServices } from '../../services';
import { writeTransaction } from '../../db/transaction';

/** Categories: anyone reads them; operators write them (the endpoint map says so), and every write is audited. */
export function categoryHandlers(services: AppServices): EndpointHandlers<KeysOf<'categories'>> {
  const { models, sequelize } = services;
  const m = TEXTS.taxonomy;
  return {
    'categories.list': async () => {
      const categories = await models.Category.findAll({ order: [['sortOrder', 'ASC'], ['id', 'ASC']] });
      return categories.map(presentCategory);
    },

    'categories.create': async ({ user, body }) => {
      const category = await writeTransaction(sequelize, (transaction) => createCategory(models, { actorId: user.id, input: body }, { transaction }));
      return { message: m.categoryCreated, category: presentCategory(category) };
    },

    'categories.update': async ({ user, params, body }) => {
      const category = await writeTransaction(sequelize, (transaction) =>
        updateCategory(models, { actorId: user.id, categoryId: params.id, input: body }, { transaction }),
      );
      return { message: m.categoryUpdated, category: presentCategory(category) };
    },

    'categories.remove': async ({ user, params }) => {
      await writeTransaction(sequelize, (transaction) => deleteCategory(models, { actorId: user.id, categoryId: params.id }, { transaction }));
      return { message: m.categoryDeleted };
    },
  };
}
