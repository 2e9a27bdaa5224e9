import type { CategoryKey } from '../taxonomy';

/** Response shapes of /api/tags and /api/categories (field names as docs/product.md §3 spells them). */

/** A tag as reports and lists refer to it. */
export interface TagRef {
  _id: number;
  name: string;
}

/** The category a tag belongs to; `key` is set on the six system categories only. */
export interface TagCategoryRef {
  _id: number;
  name: string;
  key: CategoryKey | null;
}

/** GET /api/tags: one element. */
export interface TagItem {
  _id: number;
  name: string;
  order: number;
  parent_id: number | null;
  level: number;
  /** Null for an unclassified tag. */
  category_id: TagCategoryRef | null;
  popularity: number;
}

/** GET /api/tags/names: one element. */
export type TagName = TagRef;

/** GET /api/categories: one element. */
export interface CategoryItem {
  _id: number;
  name: string;
  level: number;
  order: number;
  /** Set on the six system categories, which cannot be deleted (their tags fill the report form). */
  key: CategoryKey | null;
}

/** POST /api/tags, PUT /api/tags/:id */
export interface TagMutationResponse {
  message: string;
  tag: TagItem;
}

/** POST /api/categories, PUT /api/categories/:id */
export interface CategoryMutationResponse {
  message: string;
  category: CategoryItem;
}

/** POST /api/tags/update-popularity */
export interface TagPopularityResponse {
  message: string;
  /** The tags whose popularity changed, with their new values. */
  tags: Array<{ _id: number; popularity: number }>;
}
