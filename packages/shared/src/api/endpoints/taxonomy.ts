import { z } from 'zod';
import { TAXONOMY_MESSAGES } from '../../texts/taxonomy/messages';
import { categoryCreateSchema, categoryUpdateSchema, tagCreateSchema, tagPopularitySchema, tagUpdateSchema } from '../../schemas/taxonomy';
import { endpoint } from './define';
import { idParam } from './params';
import { messageResponseSchema } from '../auth';
import { categoryItemSchema, categoryMutationResponseSchema, tagItemSchema, tagMutationResponseSchema, tagNameSchema, tagPopularityResponseSchema } from '../taxonomy';

const tagId = { params: z.object({ id: idParam }), notFoundMessage: TAXONOMY_MESSAGES.tagNotFound } as const;
const categoryId = { params: z.object({ id: idParam }), notFoundMessage: TAXONOMY_MESSAGES.categoryNotFound } as const;

/** Tags and categories: anyone reads them; operators write them, and every write is audited. */
export const TAXONOMY_ENDPOINTS = {
  'tags.list': endpoint('tags.list', { access: 'public', response: z.array(tagItemSchema), cache: 'none', errors: [] }),
  'tags.names': endpoint('tags.names', { access: 'public', response: z.array(tagNameSchema), cache: 'none', errors: [] }),
  /** Recounts how often tags are used; any member may ask (the report form does after saving). */
  // Operators only: a member's browser must not move what the popular keywords show (those are counted
  // from listed reports by the server).
  'tags.updatePopularity': endpoint('tags.updatePopularity', {
    access: 'operator',
    body: tagPopularitySchema,
    response: tagPopularityResponseSchema,
    cache: 'none',
    errors: [],
  }),
  'tags.create': endpoint('tags.create', {
    access: 'operator',
    body: tagCreateSchema,
    response: tagMutationResponseSchema,
    status: 201,
    cache: 'none',
    errors: ['conflict', 'not_found'],
  }),
  'tags.update': endpoint('tags.update', {
    access: 'operator',
    ...tagId,
    body: tagUpdateSchema,
    response: tagMutationResponseSchema,
    cache: 'none',
    errors: ['conflict'],
  }),
  'tags.remove': endpoint('tags.remove', {
    access: 'operator',
    ...tagId,
    response: messageResponseSchema,
    cache: 'none',
    errors: ['conflict'],
  }),
  'categories.list': endpoint('categories.list', {
    access: 'public',
    response: z.array(categoryItemSchema),
    cache: 'none',
    errors: [],
  }),
  'categories.create': endpoint('categories.create', {
    access: 'operator',
    body: categoryCreateSchema,
    response: categoryMutationResponseSchema,
    status: 201,
    cache: 'none',
    errors: ['conflict'],
  }),
  'categories.update': endpoint('categories.update', {
    access: 'operator',
    ...categoryId,
    body: categoryUpdateSchema,
    response: categoryMutationResponseSchema,
    cache: 'none',
    errors: ['conflict'],
  }),
  'categories.remove': endpoint('categories.remove', {
    access: 'operator',
    ...categoryId,
    response: messageResponseSchema,
    cache: 'none',
    errors: ['conflict'],
  }),
};
