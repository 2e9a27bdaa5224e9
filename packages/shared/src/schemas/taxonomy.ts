import { z } from 'zod';
import { COMMON_TEXTS } from '../texts/common';
import { TAXONOMY_MESSAGES } from '../texts/taxonomy/messages';
import { LIMITS } from '../limits';
import { charLength } from '../text';
import { idListSchema, optionalIdSchema } from './ids';

const m = TAXONOMY_MESSAGES;

const name = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform((value) => value.trim())
    .refine((value) => value !== '', required)
    .refine((value) => charLength(value) <= max, tooLong);

/** A whole number from a JSON number or a form's numeric string; '' or null means "use the default". */
const wholeNumber = (min: number, message: string) =>
  z
    .union([z.number({ error: message }), z.string({ error: message }), z.null()], { error: message })
    .transform((value, ctx): number | undefined => {
      if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isSafeInteger(number) || number < min || number > 1_000_000_000) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

const tagName = name(m.tagNameRequired, m.tagNameTooLong, LIMITS.tagNameMax);
const categoryName = name(m.categoryNameRequired, m.categoryNameTooLong, LIMITS.categoryNameMax);
const order = wholeNumber(LIMITS.taxonomyNumberMin, m.numberInvalid);
const level = wholeNumber(LIMITS.taxonomyLevelMin, m.levelInvalid);
const popularity = wholeNumber(LIMITS.taxonomyNumberMin, m.numberInvalid);

/** POST /api/tags (field names as docs/product.md §7 sends them). Omitted numbers take their defaults. */
export const tagCreateSchema = z.object(
  {
    name: tagName,
    order: order.optional().transform((value) => value ?? 0),
    level: level.optional().transform((value) => value ?? 1),
    popularity: popularity.optional().transform((value) => value ?? 0),
    parent_id: optionalIdSchema(m.parentInvalid),
    category_id: optionalIdSchema(m.categoryNotFound),
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type TagCreateInput = z.output<typeof tagCreateSchema>;

/** PUT /api/tags/:id: only the fields sent change; `parent_id`/`category_id` of null or '' clear them. */
export const tagUpdateSchema = z.object(
  {
    name: tagName.optional(),
    order: order.optional(),
    level: level.optional(),
    popularity: popularity.optional(),
    parent_id: optionalIdSchema(m.parentInvalid).optional(),
    category_id: optionalIdSchema(m.categoryNotFound).optional(),
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type TagUpdateInput = z.output<typeof tagUpdateSchema>;

const popularityTags = idListSchema(m.popularityTagsInvalid).refine(
  // The most one report save can change: every tag field of the form.
  (ids) => ids.length <= LIMITS.playCategoriesMax + LIMITS.playContentsMax + 3,
  m.popularityTagsInvalid,
);

/** POST /api/tags/update-popularity: tags newly chosen (+1) and tags no longer chosen (-1). */
export const tagPopularitySchema = z.object(
  { newTags: popularityTags, oldTags: popularityTags },
  { error: COMMON_TEXTS.invalidInput },
);

/** POST /api/categories. A new category gets level 1 and goes last unless told otherwise. */
export const categoryCreateSchema = z.object(
  {
    name: categoryName,
    level: level.optional(),
    order: order.optional(),
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type CategoryCreateInput = z.output<typeof categoryCreateSchema>;

/** PUT /api/categories/:id: only the fields sent change. */
export const categoryUpdateSchema = z.object(
  {
    name: categoryName.optional(),
    level: level.optional(),
    order: order.optional(),
  },
  { error: COMMON_TEXTS.invalidInput },
);
export type CategoryUpdateInput = z.output<typeof categoryUpdateSchema>;
