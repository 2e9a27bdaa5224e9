import { TIMINGS } from '@hiraku/shared';
import { MORE_MENU_ITEMS } from './moreMenuItems';
import { findTypeAheadIndex, normalizeForTypeAhead, TypeAheadBuffer } from './typeAhead';

const labels = MORE_MENU_ITEMS.map((item) => item.label);
const indexOf = (label: string) => labels.indexOf(label);
/** The menu with a second item read with p, for the cycling rules (the menu itself has one since issue 39 removed プレミアム). */
const WITH_TWO_P = [...MORE_MENU_ITEMS, { kind: 'link', to: '/profile', label: 'プロフィール', keywords: ['purofiiru'] } as const];
const twoPIndexOf = (label: string) => WITH_TWO_P.map((item) => item.label).indexOf(label);

describe('normalizeForTypeAhead', () => {
  it('ignores case, full width and the katakana/hiragana difference', () => {
    expect(normalizeForTypeAhead('ＦＡＱ')).toBe('faq');
    expect(normalizeForTypeAhead('アカウント削除')).toBe('あかうんと削除');
  });
});

describe('findTypeAheadIndex on the その他 menu', () => {
  it('finds an item by its label or by a romanised reading', () => {
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'よ', -1)).toBe(indexOf('用語集'));
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'よく', -1)).toBe(indexOf('よくある質問'));
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'g', 0)).toBe(indexOf('用語集'));
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'あ', 0)).toBe(indexOf('アカウント削除'));
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'privacy', 0)).toBe(indexOf('プライバシーポリシー'));
  });

  it('cycles through the items sharing a first letter when that letter is pressed again', () => {
    const first = findTypeAheadIndex(WITH_TWO_P, 'p', 0);
    expect(first).toBe(twoPIndexOf('プライバシーポリシー'));
    const second = findTypeAheadIndex(WITH_TWO_P, 'pp', first);
    expect(second).toBe(twoPIndexOf('プロフィール'));
    expect(findTypeAheadIndex(WITH_TWO_P, 'ppp', second)).toBe(first);
  });

  it('keeps the focus on the current item while a longer word still matches it', () => {
    const privacy = indexOf('プライバシーポリシー');
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'pu', privacy)).toBe(privacy);
    expect(findTypeAheadIndex(WITH_TWO_P, 'puro', twoPIndexOf('プライバシーポリシー'))).toBe(twoPIndexOf('プロフィール'));
  });

  it('answers -1 when nothing matches, for empty input and for an empty menu', () => {
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, 'xyz', 0)).toBe(-1);
    expect(findTypeAheadIndex(MORE_MENU_ITEMS, '', 0)).toBe(-1);
    expect(findTypeAheadIndex([], 'a', 0)).toBe(-1);
  });
});

describe('TypeAheadBuffer', () => {
  it('joins keys typed within the pause and starts afresh after it', () => {
    let now = 1_000;
    const buffer = new TypeAheadBuffer(TIMINGS.menuTypeAheadMs, () => now);
    expect(buffer.push('p')).toBe('p');
    now += TIMINGS.menuTypeAheadMs;
    expect(buffer.push('u')).toBe('pu');
    now += TIMINGS.menuTypeAheadMs + 1;
    expect(buffer.push('g')).toBe('g');
  });

  it('forgets everything on reset', () => {
    const buffer = new TypeAheadBuffer(TIMINGS.menuTypeAheadMs, () => 0);
    buffer.push('a');
    buffer.reset();
    expect(buffer.push('b')).toBe('b');
  });
});
