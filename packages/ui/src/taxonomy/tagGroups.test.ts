import type { CategoryItem, TagItem } from '@hiraku/shared';
import { groupTagsByCategory } from './tagGroups';

const category = (_id: number, name: string, order: number): CategoryItem => ({ _id, name, order, level: 1, key: null });
const tag = (_id: number, name: string, order: number, cat: CategoryItem | null): TagItem => ({
  _id,
  name,
  order,
  level: 1,
  popularity: 0,
  parent_id: null,
  category_id: cat ? { _id: cat._id, name: cat.name, key: null } : null,
});

describe('groupTagsByCategory', () => {
  const gender = category(1, '性別', 2);
  const tools = category(2, '道具', 1);
  const empty = category(3, 'シチュエーション', 3);

  it('lists categories in display order, tags by their order, and the unclassified tags last', () => {
    const groups = groupTagsByCategory(
      [tag(10, '女性', 2, gender), tag(11, '男性', 1, gender), tag(12, '縄', 0, tools), tag(13, '迷子', 0, null)],
      [gender, tools, empty],
      '未分類',
    );
    expect(groups.map((g) => [g.name, g.tags.map((t) => t.name)])).toEqual([
      ['道具', ['縄']],
      ['性別', ['男性', '女性']],
      ['シチュエーション', []],
      ['未分類', ['迷子']],
    ]);
    expect(groups.at(-1)?.categoryId).toBeNull();
  });

  it('keeps a tag whose category the list does not know yet, under that category name', () => {
    const groups = groupTagsByCategory([tag(20, '新顔', 0, category(9, '新しいカテゴリ', 9))], [], '未分類');
    expect(groups.map((g) => g.name)).toEqual(['新しいカテゴリ', '未分類']);
  });
});
