import { normalizeSearchLogQuery, SEARCH_LOG_QUERY_MAX } from './searchLog';

describe('normalizeSearchLogQuery', () => {
  it.each([
    ['  縄  ', '縄'],
    ['ＳＭ　Rope', 'sm rope'],
    ['Ｓ Ｍ', 's m'],
    ['ﾛｰﾌﾟ', 'ロープ'],
    ['首輪\t\n カラー', '首輪 カラー'],
    ['　', ''],
  ])('%p is logged as %p', (query, expected) => {
    expect(normalizeSearchLogQuery(query)).toBe(expected);
  });

  it(`keeps at most ${SEARCH_LOG_QUERY_MAX} characters, counting emoji and kanji as one`, () => {
    expect(Array.from(normalizeSearchLogQuery('🪢'.repeat(150)))).toHaveLength(SEARCH_LOG_QUERY_MAX);
    expect(normalizeSearchLogQuery(`${'縄'.repeat(99)} 鞭`)).toBe(`${'縄'.repeat(99)}`);
  });
});
