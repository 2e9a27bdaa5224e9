import type { TagItem } from '@hiraku/shared';
import { groupTags } from './useReportTags';

const tag = (id: number, key: TagItem['category_id']): TagItem => ({ _id: id, name: `タグ${id}`, order: 0, parent_id: null, level: 1, category_id: key, popularity: 0 });

describe('groupTags', () => {
  it('groups tags by the stable category key, whatever operators renamed the category to, and leaves out unclassified ones', () => {
    const groups = groupTags([
      tag(1, { _id: 1, name: 'ジェンダー', key: 'gender' }),
      tag(2, { _id: 5, name: 'プレイ大分類', key: 'playCategory' }),
      tag(3, { _id: 9, name: '自作カテゴリ', key: null }),
      tag(4, null),
    ]);
    expect(groups.gender.map((t) => t._id)).toEqual([1]);
    expect(groups.playCategory.map((t) => t._id)).toEqual([2]);
    expect(Object.values(groups).flat()).toHaveLength(2);
  });
});
