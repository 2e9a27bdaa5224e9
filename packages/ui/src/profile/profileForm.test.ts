import { LIMITS, type TagItem, TEXTS } from '@hiraku/shared';
import { iconFileProblem } from './iconFileProblem';
import { profileTagChoices, stripAtSign } from './profileTagChoices';
import { shownDescription, shownTitle } from './reportItemText';

const category = (key: 'gender' | 'role' | null) => (key ? { _id: key === 'gender' ? 1 : 3, name: key, key } : null);
const tag = (_id: number, name: string, key: 'gender' | 'role' | null, order: number): TagItem => ({
  _id,
  name,
  order,
  parent_id: null,
  level: 1,
  category_id: category(key),
  popularity: 0,
});

describe('profile tag choices', () => {
  const tags = [tag(10, '女性', 'gender', 2), tag(11, '男性', 'gender', 1), tag(20, 'S', 'role', 1), tag(30, '未分類', null, 0)];

  it('offers only the tags of the asked category, in display order', () => {
    expect(profileTagChoices(tags, 'gender', null)).toEqual([
      { _id: 11, name: '男性' },
      { _id: 10, name: '女性' },
    ]);
    expect(profileTagChoices(tags, 'role', null)).toEqual([{ _id: 20, name: 'S' }]);
    expect(profileTagChoices(tags, 'sexualOrientation', null)).toEqual([]);
  });

  it('keeps a stored choice that is no longer offered, so saving unchanged does not drop it', () => {
    expect(profileTagChoices(tags, 'role', { _id: 99, name: '消えたタグ' })).toEqual([
      { _id: 99, name: '消えたタグ' },
      { _id: 20, name: 'S' },
    ]);
    expect(profileTagChoices(tags, 'role', { _id: 20, name: 'S' })).toHaveLength(1);
  });
});

describe('X id as typed', () => {
  it.each([
    ['@hiraku_test', 'hiraku_test'],
    ['@@hiraku', 'hiraku'],
    [' @hiraku', 'hiraku'],
    ['@', ''],
    ['hi@raku', 'hi@raku'],
  ])('%s is kept as %s', (typed, kept) => expect(stripAtSign(typed)).toBe(kept));
});

describe('icon file check before upload', () => {
  it('takes the four image types up to the size limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) expect(iconFileProblem({ type, size: 1000 })).toBeNull();
    expect(iconFileProblem({ type: 'image/png', size: LIMITS.imageMaxBytes })).toBeNull();
  });

  it('refuses other types and larger files with the server’s own words', () => {
    expect(iconFileProblem({ type: 'image/svg+xml', size: 100 })).toBe(TEXTS.image.unsupported);
    expect(iconFileProblem({ type: 'application/pdf', size: 100 })).toBe(TEXTS.image.unsupported);
    expect(iconFileProblem({ type: 'image/jpeg', size: LIMITS.imageMaxBytes + 1 })).toBe(TEXTS.image.tooLarge);
  });
});

describe('report rows', () => {
  it('cuts descriptions to 35 characters plus an ellipsis, counting emoji as one', () => {
    const long = '縄'.repeat(34) + '🐈' + 'あいう';
    expect(shownDescription(long)).toBe('縄'.repeat(34) + '🐈…');
    expect(shownDescription('あ'.repeat(35))).toBe('あ'.repeat(35));
    expect(shownDescription('  ')).toBe(TEXTS.common.noDescription);
  });

  it('names an untitled report', () => {
    expect(shownTitle('')).toBe(TEXTS.common.untitled);
    expect(shownTitle('初めての縄')).toBe('初めての縄');
  });
});
