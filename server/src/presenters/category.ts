import type { CategoryItem } from '@hiraku/shared';
import type { Category } from '../models';

export function presentCategory(category: Category): CategoryItem {
  return { _id: category.id, name: category.name, level: category.level, order: category.sortOrder, key: category.key ?? null };
}
