import { z } from 'zod';
import { LIMITS } from '../limits';
import { COMMON_TEXTS } from '../texts/common';
import { SAVES_MESSAGES } from '../texts/saves/messages';
import { isIdString } from '../schemas/ids';
import { reportListItemSchema } from './reports';
import { reportSearchQuerySchema, reportSearchResponseSchema } from './search';

/*
 * 保存 and collections. Everything here is the caller's own: no answer ever names another
 * member's saves or how often a report was saved.
 */

/** A page of saved reports (newest saved first) or of a collection's reports (its order). Pass `nextKey` back as `cursor`. */
export const savedPageSchema = z.object({
  data: z.array(reportListItemSchema),
  nextKey: z.string().nullable(),
  hasMore: z.boolean(),
});
export type SavedPage = z.output<typeof savedPageSchema>;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `?cursor=…&limit=…` of the saved lists; the cursor is opaque and checked by the server. */
export const savedPageQuerySchema = z.object({
  cursor: z.preprocess(blankToUndefined, z.string({ error: SAVES_MESSAGES.invalidCursor }).max(200, SAVES_MESSAGES.invalidCursor).optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: COMMON_TEXTS.invalidInput })
      .int(COMMON_TEXTS.invalidInput)
      .min(1, COMMON_TEXTS.invalidInput)
      .max(LIMITS.pageSizeMax, COMMON_TEXTS.invalidInput)
      .default(LIMITS.savedPageSize),
  ),
});
export type SavedPageQuery = z.input<typeof savedPageQuerySchema>;

/** GET /api/saves/ids: every report id the caller keeps saved (at most LIMITS.savesMax), for the buttons on cards. */
export const savedIdsSchema = z.object({ reportIds: z.array(z.number().int()) });
export type SavedIds = z.output<typeof savedIdsSchema>;

/** POST / DELETE /api/saves/:reportId */
export const saveStateSchema = z.object({ saved: z.boolean(), message: z.string() });
export type SaveState = z.output<typeof saveStateSchema>;

/** Search inside what I saved: the same words and filters as /reports (GET /api/saves/search). */
export const savedSearchQuerySchema = reportSearchQuerySchema;
export const savedSearchResponseSchema = reportSearchResponseSchema;

const collectionName = z
  .string({ error: SAVES_MESSAGES.nameLength })
  .transform((name) => name.trim())
  .refine((name) => Array.from(name).length >= 1 && Array.from(name).length <= LIMITS.collectionNameMax, SAVES_MESSAGES.nameLength);

/** POST /api/collections, PATCH /api/collections/:id */
export const collectionInputSchema = z.object({ name: collectionName }, { error: SAVES_MESSAGES.nameLength });
export type CollectionInput = z.input<typeof collectionInputSchema>;

export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The reports in it that the caller may see now. */
  reportCount: z.number().int(),
  /** With `?reportId=`: whether that report is in it (the picker's check boxes). */
  hasReport: z.boolean().optional(),
});
export type CollectionItem = z.output<typeof collectionSchema>;

/** GET /api/collections?reportId= : the caller's collections in their order. */
export const collectionListSchema = z.object({ collections: z.array(collectionSchema) });
export type CollectionList = z.output<typeof collectionListSchema>;
export const collectionListQuerySchema = z.object({
  reportId: z.preprocess(
    blankToUndefined,
    z
      .string({ error: COMMON_TEXTS.invalidInput })
      .refine(isIdString, COMMON_TEXTS.invalidInput)
      .transform(Number)
      .optional(),
  ),
});

export const collectionChangeSchema = z.object({ message: z.string(), collection: collectionSchema });
export const collectionRemovedSchema = z.object({ message: z.string() });

const idList = (max: number) =>
  z
    .array(z.number({ error: COMMON_TEXTS.invalidInput }).int(COMMON_TEXTS.invalidInput).positive(COMMON_TEXTS.invalidInput), { error: COMMON_TEXTS.invalidInput })
    .max(max, COMMON_TEXTS.invalidInput)
    .refine((ids) => new Set(ids).size === ids.length, COMMON_TEXTS.invalidInput);

/** PUT /api/collections/order: every collection id of the caller, in the new order. */
export const collectionOrderSchema = z.object({ ids: idList(LIMITS.collectionsMax) }, { error: COMMON_TEXTS.invalidInput });
/** PUT /api/collections/:id/reports/order: every report id of the collection, in the new order. */
export const collectionReportOrderSchema = z.object({ reportIds: idList(LIMITS.savesMax) }, { error: COMMON_TEXTS.invalidInput });
export const orderSavedSchema = z.object({ message: z.string() });
