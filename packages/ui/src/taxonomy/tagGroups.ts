import type { CategoryItem, TagItem } from '@hiraku/shared';

export interface TagGroup {
  /** null: the 未分類 group. */
  categoryId: number | null;
  name: string;
  tags: TagItem[];
}

/**
 * Tags under their category, categories in their display order, then the unclassified ones. A category
 * with no tags still gets its (empty) group, so an operator can add the first tag to it.
 */
export function groupTagsByCategory(tags: readonly TagItem[], categories: readonly CategoryItem[], unclassifiedName: string): TagGroup[] {
  const sorted = [...categories].sort((a, b) => a.order - b.order || a._id - b._id);
  const groups = new Map<number | null, TagGroup>(sorted.map((category) => [category._id, { categoryId: category._id, name: category.name, tags: [] }]));
  const unclassified: TagGroup = { categoryId: null, name: unclassifiedName, tags: [] };
  for (const tag of tags) {
    const ref = tag.category_id;
    if (!ref) {
      unclassified.tags.push(tag);
      continue;
    }
    // A category added since the category list was read still shows, under the name the tag carries.
    const group = groups.get(ref._id) ?? { categoryId: ref._id, name: ref.name, tags: [] };
    group.tags.push(tag);
    groups.set(ref._id, group);
  }
  const byOrder = (a: TagItem, b: TagItem) => a.order - b.order || a._id - b._id;
  const result = [...groups.values(), unclassified];
  for (const group of result) group.tags.sort(byOrder);
  return result;
}
