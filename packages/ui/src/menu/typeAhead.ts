export interface TypeAheadCandidate {
  label: string;
  /** Extra words that also match, e.g. a romanised reading, since a kanji label cannot be typed key by key. */
  keywords?: readonly string[];
}

/** Width, case and kana differences should not decide whether a member's keystrokes match. */
export function normalizeForTypeAhead(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (katakana) => String.fromCharCode(katakana.charCodeAt(0) - 0x60));
}

function matches(candidate: TypeAheadCandidate, query: string): boolean {
  return [candidate.label, ...(candidate.keywords ?? [])].some((word) => normalizeForTypeAhead(word).startsWith(query));
}

/**
 * The item to focus after the member typed `typed` while `currentIndex` had focus, or -1.
 * As in the WAI-ARIA menu pattern, a single character (or the same one repeated) moves to the next
 * match after the current item, so pressing "r" again cycles; a longer string first checks the current
 * item, so typing on keeps the focus where it already matches.
 */
export function findTypeAheadIndex(candidates: readonly TypeAheadCandidate[], typed: string, currentIndex: number): number {
  const normalized = normalizeForTypeAhead(typed);
  if (!normalized || candidates.length === 0) return -1;
  const chars = Array.from(normalized);
  const repeatsOneChar = chars.every((c) => c === chars[0]);
  const query = repeatsOneChar ? (chars[0] ?? '') : normalized;
  const start = repeatsOneChar ? currentIndex + 1 : Math.max(currentIndex, 0);
  for (let step = 0; step < candidates.length; step += 1) {
    const index = (((start + step) % candidates.length) + candidates.length) % candidates.length;
    const candidate = candidates[index];
    if (candidate && matches(candidate, query)) return index;
  }
  return -1;
}

/**
 * Collects the characters typed in quick succession. Clearing is measured against the clock on the
 * next key rather than with a timer, so nothing is left running when the menu closes.
 */
export class TypeAheadBuffer {
  private text = '';
  private lastKeyAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clearAfterMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  push(char: string): string {
    const at = this.now();
    if (at - this.lastKeyAt > this.clearAfterMs) this.text = '';
    this.text += char;
    this.lastKeyAt = at;
    return this.text;
  }

  reset(): void {
    this.text = '';
    this.lastKeyAt = Number.NEGATIVE_INFINITY;
  }
}
