/** Kanji and kana (full and half width), with the long-vowel and sound marks, whose script is "common". */
const JAPANESE = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ーｰ゛゜ﾞﾟ';
const DIGIT = '0-9０-９';
const JAPANESE_DIGIT_BOUNDARY = new RegExp(`(?<=[${JAPANESE}])(?=[${DIGIT}])|(?<=[${DIGIT}])(?=[${JAPANESE}])`, 'gu');

/**
 * Text as the engine is given it, in documents and in queries alike: a space where digits meet
 * Japanese (縄2本 -> 縄 2 本).
 *
 * Meilisearch's Japanese tokenizer cuts digits written against Japanese by what surrounds them, digit
 * by digit or in runs, so a title and a query holding the same words could be cut differently: of
 * 10,000 searches for titles such as 無関係1796785288288の記録 by their words, 74 missed the report
 * (none with this), and digits cut one by one matched any report holding the same digits anywhere
 * (docs/decisions.md, Search). Standing alone, a run of digits is one word on both sides, and the
 * last word of a query still matches as a prefix (無関係 1797031591 finds 無関係 1797031591367).
 */
export function searchableText(text: string): string {
  return text.replace(JAPANESE_DIGIT_BOUNDARY, ' ');
}
