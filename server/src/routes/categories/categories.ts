import Router from '@koa/router';
import {
  COMMUNITY_MESSAGES,
  parseRouteId,
  type CategoryItem,
  type CategoryMutationResponse,
  type MessageResponse,
} from '@hiraku/shared';
import type { Context } from 'koa';
import { createCategory, deleteCategory, updateCategory } from '../../commands/categoryWriter';
import { notFound } from '../../errors';
import { parseInput } from '../../http/validate';
import { requireUser } from '../../middlewares/authenticate';
import { authorizeTaxonomyWrite } from '../../policies/taxonomy';
import { presentCategory } from '../../presenters/category';
import type { AppServices } from '../../services';
import { categoryCreateSchema, categoryUpdateSchema } from './schema';

/** Categories: anyone reads them; operators write them, and every write is audited. */
export function categoryRoutes(services: AppServices): Router {
  const { models, sequelize } = services;
  const router = new Router({ prefix: '/categories' });
  const m = COMMUNITY_MESSAGES.taxonomy;

  router.get('/', async (ctx) => {
    const categories = await models.Category.findAll({ order: [['sortOrder', 'ASC'], ['id', 'ASC']] });
    ctx.body = categories.map(presentCategory) satisfies CategoryItem[];
  });

  router.post('/', async (ctx) => {
    const operator = requireUser(ctx);
    authorizeTaxonomyWrite(operator);
    const input = parseInput(categoryCreateSchema, ctx.request.body);
    const category = await sequelize.transaction((transaction) => createCategory(models, { actorId: operator.id, input }, { transaction }));
    ctx.status = 201;
    ctx.body = { message: m.categoryCreated, category: presentCategory(category) } satisfies CategoryMutationResponse;
  });

  router.put('/:id', async (ctx) => {
    const operator = requireUser(ctx);
    authorizeTaxonomyWrite(operator);
    const categoryId = routeId(ctx);
    const input = parseInput(categoryUpdateSchema, ctx.request.body);
    const category = await sequelize.transaction((transaction) => updateCategory(models, { actorId: operator.id, categoryId, input }, { transaction }));
    ctx.body = { message: m.categoryUpdated, category: presentCategory(category) } satisfies CategoryMutationResponse;
  });

  router.delete('/:id', async (ctx) => {
    const operator = requireUser(ctx);
    authorizeTaxonomyWrite(operator);
    const categoryId = routeId(ctx);
    await sequelize.transaction((transaction) => deleteCategory(models, { actorId: operator.id, categoryId }, { transaction }));
    ctx.body = { message: m.categoryDeleted } satisfies MessageResponse;
  });

  return router;
}

function routeId(ctx: Context): number {
  const id = parseRouteId(ctx.params.id);
  if (id === null) throw notFound(COMMUNITY_MESSAGES.taxonomy.categoryNotFound);
  return id;
}
