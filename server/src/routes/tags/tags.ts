import Router from '@koa/router';
import {
  COMMUNITY_MESSAGES,
  parseRouteId,
  type MessageResponse,
  type TagItem,
  type TagMutationResponse,
  type TagName,
  type TagPopularityResponse,
} from '@hiraku/shared';
import type { Context } from 'koa';
import { updateTagPopularity } from '../../commands/tagPopularityUpdater';
import { createTag, deleteTag, updateTag } from '../../commands/tagWriter';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser } from '../../middlewares/authenticate';
import type { Tag } from '../../models';
import { authorizeTaxonomyWrite } from '../../policies/taxonomy';
import { presentTag, presentTagName } from '../../presenters/tag';
import type { AppServices } from '../../services';
import { tagCreateSchema, tagPopularitySchema, tagUpdateSchema } from './schema';

/** Tags: anyone reads them; operators write them, and every write is audited. */
export function tagRoutes(services: AppServices): Router {
  const { models, sequelize } = services;
  const router = new Router({ prefix: '/tags' });
  const m = COMMUNITY_MESSAGES.taxonomy;

  const withCategory = (id: number): Promise<Tag | null> =>
    models.Tag.findByPk(id, { include: [{ model: models.Category, as: 'category', attributes: ['id', 'name', 'key'] }] });

  router.get('/', async (ctx) => {
    const tags = await models.Tag.findAll({
      include: [{ model: models.Category, as: 'category', attributes: ['id', 'name', 'key'] }],
      order: [['sortOrder', 'ASC'], ['id', 'ASC']],
    });
    ctx.body = tags.map(presentTag) satisfies TagItem[];
  });

  router.get('/names', async (ctx) => {
    const tags = await models.Tag.findAll({ attributes: ['id', 'name'], order: [['id', 'ASC']] });
    ctx.body = tags.map(presentTagName) satisfies TagName[];
  });

  router.post('/update-popularity', async (ctx) => {
    requireUser(ctx);
    const input = parseInput(tagPopularitySchema, ctx.request.body);
    const tags = await sequelize.transaction((transaction) => updateTagPopularity(services, input, { transaction }));
    ctx.body = { message: m.popularityUpdated, tags } satisfies TagPopularityResponse;
  });

  router.post('/', async (ctx) => {
    const operator = requireUser(ctx);
    authorizeTaxonomyWrite(operator);
    const input = parseInput(tagCreateSchema, ctx.request.body);
    const created = await sequelize.transaction((transaction) => createTag(models, { actorId: operator.id, input }, { transaction }));
    ctx.status = 201;
    ctx.body = { message: m.tagCreated, tag: presentTag(await found(withCategory(created.id))) } satisfies TagMutationResponse;
  });

  router.put('/:id', async (ctx) => {
    const operator = requireUser(ctx);
    authorizeTaxonomyWrite(operator);
    const tagId = routeId(ctx);
    const input = parseInput(tagUpdateSchema, ctx.request.body);
    await sequelize.transaction((transaction) => updateTag(models, { actorId: operator.id, tagId, input }, { transaction }));
    ctx.body = { message: m.tagUpdated, tag: presentTag(await found(withCategory(tagId))) } satisfies TagMutationResponse;
  });

  router.delete('/:id', async (ctx) => {
    const operator = requireUser(ctx);
    authorizeTaxonomyWrite(operator);
    const tagId = routeId(ctx);
    await sequelize.transaction((transaction) => deleteTag(models, { actorId: operator.id, tagId }, { transaction }));
    ctx.body = { message: m.tagDeleted } satisfies MessageResponse;
  });

  return router;
}

async function found(pending: Promise<Tag | null>): Promise<Tag> {
  const tag = await pending;
  if (!tag) throw notFound(COMMUNITY_MESSAGES.taxonomy.tagNotFound);
  return tag;
}

function routeId(ctx: Context): number {
  const id = parseRouteId(ctx.params.id);
  if (id === null) throw notFound(COMMUNITY_MESSAGES.taxonomy.tagNotFound);
  return id;
}
