import { TEXTS } from '@hiraku/shared';
import { updateTagPopularity } from '../../commands/tagPopularityUpdater';
import { createTag, deleteTag, updateTag } from '../../commands/tagWriter';
import { notFound } from '../../errors';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { Tag } from '../../models';
import { presentTag, presentTagName } from '../../presenters/tag';
import type { AppServices } from '../../services';
import { writeTransaction } from '../../db/transaction';

/** Tags: anyone reads them; operators write them (the endpoint map says so), and every write is audited. */
export function tagHandlers(services: AppServices): EndpointHandlers<KeysOf<'tags'>> {
  const { models, sequelize } = services;
  const m = TEXTS.taxonomy;
  const categoryInclude = { model: models.Category, as: 'category', attributes: ['id', 'name', 'key'] };

  async function withCategory(id: number): Promise<Tag> {
    const tag = await models.Tag.findByPk(id, { include: [categoryInclude] });
    if (!tag) throw notFound(m.tagNotFound);
    return tag;
  }

  return {
    'tags.list': async () => {
      const tags = await models.Tag.findAll({ include: [categoryInclude], order: [['sortOrder', 'ASC'], ['id', 'ASC']] });
      return tags.map(presentTag);
    },

    'tags.names': async () => {
      const tags = await models.Tag.findAll({ attributes: ['id', 'name'], order: [['id', 'ASC']] });
      return tags.map(presentTagName);
    },

    // Operators only (the map): the popular keywords are counted from listed reports
    // (search/popularKeywords.ts), so this stored value is the operators' own setting.
    'tags.updatePopularity': async ({ body }) => {
      const tags = await writeTransaction(sequelize, (transaction) => updateTagPopularity(services, body, { transaction }));
      return { message: m.popularityUpdated, tags };
    },

    'tags.create': async ({ user, body }) => {
      const created = await writeTransaction(sequelize, (transaction) => createTag(models, { actorId: user.id, input: body }, { transaction }));
      return { message: m.tagCreated, tag: presentTag(await withCategory(created.id)) };
    },

    'tags.update': async ({ user, params, body }) => {
      await writeTransaction(sequelize, (transaction) => updateTag(models, { actorId: user.id, tagId: params.id, input: body }, { transaction }));
      return { message: m.tagUpdated, tag: presentTag(await withCategory(params.id)) };
    },

    'tags.remove': async ({ user, params }) => {
      await writeTransaction(sequelize, (transaction) => deleteTag(models, { actorId: user.id, tagId: params.id }, { transaction }));
      return { message: m.tagDeleted };
    },
  };
}
