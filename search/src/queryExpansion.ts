import { SYNONYM_GROUPS } from './synonyms';

/** More variant queries than this would only slow the search down; the first ones are kept. */
export const MAX_QUERY_VARIANTS = 16;

/**
 * How a word is compared with the glossary, here and in the server's database search: full-width
 * letters and half-width kana folded (NFKC), lower-cased.
 */
export function normalizeWord(word: string): string {
  return word.normalize('NFKC').toLowerCase();
}

/**
 * How muted words meet text: normalizeWord, and katakana folded into hiragana, so ロープ,
 * ろーぷ and ﾛｰﾌﾟ are one word. The server stores reports' text and muted words in this form and
 * compares them by substring (SQL LIKE, or `includes`).
 */
export function foldForMatching(text: string): string {
  return normalizeWord(text).replace(/[\u30a1-\u30f6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60));
}

function buildLookup(groups: readonly (readonly string[])[]): Map<string, readonly string[]> {
  const lookup = new Map<string, readonly string[]>();
  for (const group of groups) for (const word of group) lookup.set(normalizeWord(word), group);
  return lookup;
}

const GLOSSARY_LOOKUP = buildLookup(SYNONYM_GROUPS);

/** The glossary group `word` belongs to (all its spellings), if any. */
export function glossaryGroupOf(word: string): readonly string[] | undefined {
  return GLOSSARY_LOOKUP.get(normalizeWord(word));
}

/**
 * The member's query plus the same query with each glossary word replaced by its variants
 * (縄 -> ロープ, なわ...). Meilisearch's own synonyms are normalised without the index locale, so a
 * kanji-only synonym (縄, 首輪, 蝋燭) is segmented as Chinese and never matches Japanese text; asking
 * for each variant and merging the answers does not depend on that.
 */
export function expandQuery(query: string, lookup: Map<string, readonly string[]> = GLOSSARY_LOOKUP): string[] {
  const words = query.split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [''];
  let variants: string[][] = [[]];
  for (const word of words) {
    const alternatives = lookup.get(normalizeWord(word)) ?? [word];
    // The member's own spelling stays first so the first query is always the literal one.
    const ordered = [word, ...alternatives.filter((alternative) => normalizeWord(alternative) !== normalizeWord(word))];
    const next: string[][] = [];
    for (const prefix of variants) {
      for (const alternative of ordered) {
        if (next.length >= MAX_QUERY_VARIANTS) break;
        next.push([...prefix, alternative]);
      }
    }
    variants = next;
  }
  return variants.map((parts) => parts.join(' '));
}
