import { expandQuery, foldForMatching, MAX_QUERY_VARIANTS } from './queryExpansion';

describe('expandQuery', () => {
  it('searches a glossary word with all its spellings, the member’s own first', () => {
    expect(expandQuery('ロープ')).toEqual(['ロープ', '縄', 'なわ', '麻縄', 'rope']);
  });

  it('recognises a word typed in full-width letters or capitals', () => {
    expect(expandQuery('ＲＯＰＥ')[0]).toBe('ＲＯＰＥ');
    expect(expandQuery('ＲＯＰＥ')).toContain('縄');
  });

  it('keeps ordinary words and combines the variants of each glossary word', () => {
    const variants = expandQuery('初心者　首輪 鞭');
    expect(variants[0]).toBe('初心者 首輪 鞭');
    expect(variants).toContain('初心者 カラー ムチ');
    expect(variants.every((variant) => variant.startsWith('初心者 '))).toBe(true);
  });

  it('leaves a query without glossary words as it is', () => {
    expect(expandQuery('  週末の 思い出 ')).toEqual(['週末の 思い出']);
    expect(expandQuery('')).toEqual(['']);
  });

  it('stops at a bounded number of variants', () => {
    const variants = expandQuery('縄 首輪 鞭 ろうそく 目隠し');
    expect(variants).toHaveLength(MAX_QUERY_VARIANTS);
    expect(variants[0]).toBe('縄 首輪 鞭 ろうそく 目隠し');
    expect(new Set(variants).size).toBe(variants.length);
  });
});

describe('foldForMatching', () => {
  it('folds width, case and katakana into one form', () => {
    expect(foldForMatching('ロープ')).toBe('ろーぷ');
    expect(foldForMatching('ﾛｰﾌﾟ')).toBe('ろーぷ');
    expect(foldForMatching('ろーぷ')).toBe('ろーぷ');
    expect(foldForMatching('ＳＭプレイ')).toBe('smぷれい');
    expect(foldForMatching('縄ヴァ')).toBe('縄ゔぁ');
  });
});
