import { searchableText } from './searchableText';

describe('searchableText', () => {
  it.each([
    ['縄2本', '縄 2 本'],
    ['無関係1796785288288の記録', '無関係 1796785288288 の記録'],
    ['ﾛｰﾌﾟ10m', 'ﾛｰﾌﾟ 10m'],
    ['ロープ１０本', 'ロープ １０ 本'],
    ['3回目のプレイ', '3 回目のプレイ'],
    ['ゲーム2', 'ゲーム 2'],
  ])('sets the digits of %s apart from the Japanese around them', (text, expected) => {
    expect(searchableText(text)).toBe(expected);
  });

  it.each(['SM10', 'v2 ロープ', '2026-11-29', '1.5mの麻縄', '緊縛の基本', '', '縄 2 本'])('leaves %j as it is: no digit touches Japanese', (text) => {
    expect(searchableText(text)).toBe(text);
  });
});
