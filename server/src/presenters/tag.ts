import type { CategoryKey, TagItem, TagName } from '@hiraku/shared';
import type { Tag } from '../models';

/** A tag with its category (`include: category`), in the field names docs/product.md §3 uses. */
export function presentTag(tag: Tag): TagItem {
  const category = tag.category ?? null;
  return {
    _id: tag.id,
    name: tag.name,
    order: tag.sortOrder,
    parent_id: tag.parentId,
    level: tag.level,
    category_id: category ? { _id: category.id, name: category.name, key: (category.key ?? null) as CategoryKey | null } : null,
    popularity: tag.popularity,
  };
}

export function presentTagName(tag: Tag): TagName {
  return { _id: tag.id, name: tag.name };
}
