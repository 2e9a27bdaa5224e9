import { SORT_OPTIONS, type SortOption } from '@hiraku/shared';
import type { Random } from '../data/corpus';

/**
 * The searches of the real-traffic phase: distinct word × filter × sort × offset combinations,
 * drawn Zipf-like as members' searches are (a few popular words, a long tail), so a shared cache of a few
 * words cannot stand in for the engine. The "cold" draw never repeats a combination within `coldMs` by
 * construction: it walks down from the drawn rank to the first combination not used that recently.
 */
export interface SearchCombination {
  query: string;
  sort: SortOption;
  offset: number;
  /** One tag filter at most, as `name=id`, or none. */
  filter: { name: 'playCategory' | 'playContent'; id: number } | null;
}

export interface TagIds {
  playCategory: readonly number[];
  playContent: readonly number[];
}

/** Search words members type: the corpus's plays and feelings, glossary words and a few two-word queries. */
export const TRAFFIC_WORDS = [
  '縄', '首輪', '初めて', 'アフターケア', 'ろうそく', '後手縛り', '目隠し', '信頼', '言葉責め', '鞭', 'セーフワード', '寸止め',
  '亀甲縛り', 'スパンキング', 'くすぐり', '放置プレイ', '吊り', '鞭打ち', '拘束', '焦らし', '安心感', 'ドキドキ', '解放感', '背徳感',
  '一体感', '達成感', '緊張', 'ラブホテル', 'レンタルルーム', '旅館', '緊縛バー', 'パートナー', '恋人', 'ご主人様', '相方', '痛み',
  '声', '合図', '準備', '練習', '縄 初めて', '首輪 信頼', '目隠し 音', 'ろうそく 低温', '鞭 痕', 'アフターケア お茶', '緊縛 安全', '拘束 時間',
] as const;

const OFFSETS = [0, 0, 0, 20, 40, 100] as const;

/** `count` distinct combinations, in a fixed order (rank 0 is the most popular). */
export function searchCombinations(count: number, tags: TagIds, random: Random): SearchCombination[] {
  const seen = new Set<string>();
  const combos: SearchCombination[] = [];
  const filters: (SearchCombination['filter'])[] = [
    null,
    ...tags.playCategory.map((id) => ({ name: 'playCategory' as const, id })),
    ...tags.playContent.map((id) => ({ name: 'playContent' as const, id })),
  ];
  const capacity = TRAFFIC_WORDS.length * SORT_OPTIONS.length * new Set(OFFSETS).size * filters.length;
  if (count > capacity) throw new Error(`only ${capacity} distinct search combinations exist, ${count} asked for`);
  while (combos.length < count) {
    // Most searches have no filter and start at the first page, as members' do.
    const combo: SearchCombination = {
      query: random.pick(TRAFFIC_WORDS),
      sort: random.pick(SORT_OPTIONS),
      offset: random.pick(OFFSETS),
      filter: random.next() < 0.6 ? null : random.pick(filters),
    };
    const key = searchPath(combo);
    if (seen.has(key)) continue;
    seen.add(key);
    combos.push(combo);
  }
  return combos;
}

export function searchPath(combo: SearchCombination): string {
  const query = new URLSearchParams({ query: combo.query, sort: combo.sort, offset: String(combo.offset) });
  if (combo.filter) query.set(combo.filter.name, String(combo.filter.id));
  return `/api/reports/search/advanced?${query.toString()}`;
}

/** Draws ranks 0..n-1 with probability ∝ 1 / (rank + 1)^s (s = 1: Zipf's law of word frequencies). */
export function zipfSampler(n: number, random: Random, s = 1): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < n; rank += 1) {
    total += 1 / (rank + 1) ** s;
    cumulative.push(total);
  }
  return () => {
    const target = random.next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? total) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/**
 * Draws combinations: `hot` as drawn (a popular word comes back often, as it does for members), `cold`
 * skipping any combination used in the last `coldMs`, so no answer can come from a cache that lives
 * that long. Returns null when every combination was used within `coldMs` (the offered rate is too high
 * for the number of combinations).
 */
export function searchDrawer(combos: readonly SearchCombination[], random: Random, mode: 'hot' | 'cold', coldMs = 1_000, now: () => number = Date.now) {
  const draw = zipfSampler(combos.length, random);
  const lastUsed = new Float64Array(combos.length).fill(Number.NEGATIVE_INFINITY);
  return (): SearchCombination | null => {
    const at = now();
    const start = draw();
    for (let step = 0; step < combos.length; step += 1) {
      const rank = (start + step) % combos.length;
      if (mode === 'hot' || at - (lastUsed[rank] ?? Number.NEGATIVE_INFINITY) >= coldMs) {
        lastUsed[rank] = at;
        return combos[rank] ?? null;
      }
    }
    return null;
  };
}
