import type { CategoryKey } from '../../taxonomy';

/**
 * TEXTS.taxonomy.categoryNames: the names the six system categories are created with. Operators may
 * rename them; the report form's and the profile's labels use these.
 */
export const CATEGORY_NAMES: Record<CategoryKey, string> = {
  gender: '性別',
  sexualOrientation: '性的指向',
  role: '性癖（ロール）',
  tools: '道具',
  playCategory: 'プレイ大分類',
  playContent: 'プレイ内容',
};
