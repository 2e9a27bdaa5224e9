import { containsPattern, spellingsOf } from './databaseFallbackSearch';

describe('containsPattern', () => {
  it('makes the member’s wildcards plain characters', () => {
    expect(containsPattern('縄')).toBe('%縄%');
    expect(containsPattern('100%')).toBe('%100!%%');
    expect(containsPattern('a_b!c')).toBe('%a!_b!!c%');
    expect(containsPattern("'; DROP TABLE reports; --")).toBe("%'; DROP TABLE reports; --%");
  });
});

describe('spellingsOf', () => {
  it('adds the glossary spellings of a word, lower-cased', () => {
    expect(spellingsOf('縄')).toEqual(['縄', 'なわ', 'ロープ', '麻縄', 'rope']);
    expect(spellingsOf('ROPE')).toEqual(['rope', '縄', 'なわ', 'ロープ', '麻縄']);
    expect(spellingsOf('ﾛｰﾌﾟ')).toEqual(['ﾛｰﾌﾟ', 'ロープ', '縄', 'なわ', '麻縄', 'rope']);
    expect(spellingsOf('散歩')).toEqual(['散歩']);
  });
});
