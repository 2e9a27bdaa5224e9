import { buildSynonyms, SYNONYM_GROUPS } from './synonyms';

const normalize = (word: string) => word.normalize('NFKC').toLowerCase();

describe('SYNONYM_GROUPS', () => {
  it('has at least 20 groups of two or more spellings', () => {
    expect(SYNONYM_GROUPS.length).toBeGreaterThanOrEqual(20);
    for (const group of SYNONYM_GROUPS) expect(group.length).toBeGreaterThanOrEqual(2);
  });

  it('puts every spelling in one group only, so unrelated groups are never chained', () => {
    const seen = new Map<string, number>();
    SYNONYM_GROUPS.forEach((group, index) => {
      for (const word of group) {
        expect({ word, group: seen.get(normalize(word)) ?? index }).toEqual({ word, group: index });
        seen.set(normalize(word), index);
      }
    });
  });

  it.each([
    ['縄', 'ロープ'],
    ['縄', 'なわ'],
    ['緊縛', 'ボンデージ'],
    ['首輪', 'カラー'],
    ['鞭', 'ムチ'],
    ['鞭', 'むち'],
    ['目隠し', 'アイマスク'],
    ['スパンキング', 'お尻叩き'],
    ['ろうそく', '蝋燭'],
    ['ろうそく', 'キャンドル'],
    ['サディスト', 'ドS'],
    ['マゾヒスト', 'ドM'],
    ['寸止め', 'エッジング'],
    ['スイッチ', 'リバ'],
    ['言葉責め', 'ダーティートーク'],
  ])('treats %s and %s as the same word', (a, b) => {
    expect(SYNONYM_GROUPS.some((group) => group.includes(a) && group.includes(b))).toBe(true);
  });
});

describe('buildSynonyms', () => {
  it('maps each word to the rest of its group, in both directions', () => {
    const synonyms = buildSynonyms([['縄', 'ロープ', 'なわ'], ['鞭', 'ムチ']]);
    expect(synonyms).toEqual({ 縄: ['ロープ', 'なわ'], ロープ: ['縄', 'なわ'], なわ: ['縄', 'ロープ'], 鞭: ['ムチ'], ムチ: ['鞭'] });
  });

  it('covers every spelling of the glossary list', () => {
    const synonyms = buildSynonyms();
    for (const group of SYNONYM_GROUPS) {
      for (const word of group) expect(synonyms[word]?.sort()).toEqual(group.filter((other) => other !== word).sort());
    }
  });
});
