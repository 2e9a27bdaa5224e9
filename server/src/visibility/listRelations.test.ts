import { listRelationsShow, loadListRelations } from './relations';

/** listRelationsShow's one pattern for all muted words says what a search per word said (issue 19). */
describe('listRelationsShow', () => {
  const viewer = 1;
  /** ListRelations as loadListRelations builds them, from the rows its statement answers. */
  const relations = (hidden: number[], words: string[]) => {
    const rows = [...hidden.map((id) => ({ kind: 1, id, folded: null })), ...words.map((folded) => ({ kind: 2, id: 0, folded }))];
    const sequelize = { query: () => Promise.resolve(rows), getDialect: () => 'mysql' } as never;
    return loadListRelations(sequelize, viewer, new Date());
  };
  const card = (authorId: number, matchText: string | null, warningMask = 0) => ({ authorId, matchText, warningMask });

  it('takes each word literally, whatever characters of a pattern it holds', async () => {
    const words = ['a.b', '(縄)', 'x*', '[首輪]', 'a|b', '\\d', '^始', '終$', '?'];
    const mine = await relations([], words);
    for (const word of words) expect(listRelationsShow(viewer, mine, card(2, `前に${word}後に`))).toBe(false);
    for (const text of ['axb', '縄', 'xxx', '首', 'a', 'b', '1', '始まり', '終わり', '']) expect(listRelationsShow(viewer, mine, card(2, text))).toBe(true);
  });

  it('hides hidden members and texts holding a word, never the viewer\'s own', async () => {
    const mine = await relations([3], ['ろうそく']);
    expect(listRelationsShow(viewer, mine, card(3, 'なにも'))).toBe(false);
    expect(listRelationsShow(viewer, mine, card(2, '赤いろうそくの話'))).toBe(false);
    expect(listRelationsShow(viewer, mine, card(2, null))).toBe(true);
    expect(listRelationsShow(viewer, mine, card(viewer, '赤いろうそくの話'))).toBe(true);
    expect(listRelationsShow(viewer, await relations([], []), card(2, '赤いろうそくの話'))).toBe(true);
  });

  it('drops a card carrying a content warning the viewer hides, never their own (issue 37)', async () => {
    const rows = [{ kind: 3, id: 0b101, folded: null }];
    const sequelize = { query: () => Promise.resolve(rows), getDialect: () => 'mysql' } as never;
    const mine = await loadListRelations(sequelize, viewer, new Date());
    expect(mine.hiddenWarningMask).toBe(0b101);
    expect([0b001, 0b100, 0b111, 0b010, 0].map((mask) => listRelationsShow(viewer, mine, card(2, '', mask)))).toEqual([false, false, false, true, true]);
    expect(listRelationsShow(viewer, mine, card(viewer, '', 0b001))).toBe(true);
  });
});
