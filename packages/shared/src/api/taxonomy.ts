import { z } from 'zod';
import { CATEGORY_KEYS } from '../taxonomy';

/** Response shapes of /api/tags and /api/categories (field names as docs/product.md §3 spells them). */

const categoryKeySchema = z.enum(CATEGORY_KEYS).nullable();

/** A tag as reports and lists refer to it. */
export const tagRefSchema = z.object({ _id: z.number().int(), name: z.string() });
export type TagRef = z.output<typeof tagRefSchema>;

/** The category a tag belongs to; `key` is set on the six system categories only. */
export const tagCategoryRefSchema = z.object({ _id: z.number().int(), name: z.string(), key: categoryKeySchema });
export type TagCategoryRef = z.output<typeof tagCategoryRefSchema>;

/** GET /api/tags: one element. */
export const tagItemSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  /** Null for an unclassified tag. */
  category_id: tagCategoryRefSchema.nullable(),
  popularity: z.number(),
});
export type TagItem = z.output<typeof tagItemSchema>;

/** GET /api/tags/names: one element. */
export const tagNameSchema = tagRefSchema;
export type TagName = TagRef;

/** GET /api/categories: one element. */
export const categoryItemSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  order: z.number().int(),
  /** Set on the six system categories, which cannot be deleted (their tags fill the report form). */
  key: categoryKeySchema,
});
export type CategoryItem = z.output<typeof categoryItemSchema>;

/** POST /api/tags, PUT /api/tags/:id */
export const tagMutationResponseSchema = z.object({ message: z.string(), tag: tagItemSchema });
export type TagMutationResponse = z.output<typeof tagMutationResponseSchema>;

/** POST /api/categories, PUT /api/categories/:id */
export const categoryMutationResponseSchema = z.object({ message: z.string(), category: categoryItemSchema });
export type CategoryMutationResponse = z.output<typeof categoryMutationResponseSchema>;

/** POST /api/tags/update-popularity */
export const tagPopularityResponseSchema = z.object({
  message: z.string(),
  /** The tags whose popularity changed, with their new values. */
  tags: z.array(z.object({ _id: z.number().int(), popularity: z.number() })),
});
export type TagPopularityResponse = z.output<typeof tagPopularityResponseSchema>;
