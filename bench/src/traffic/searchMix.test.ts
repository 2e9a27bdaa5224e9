import { createRandom } from '../data/corpus';
import { searchCombinations, searchDrawer, searchPath, zipfSampler } from './searchMix';

const tags = { playCategory: [41, 42, 43], playContent: [51, 52] };

describe('the real-traffic search mix', () => {
  it('makes the number of distinct combinations asked for', () => {
    const combos = searchCombinations(2_000, tags, createRandom(1));
    expect(combos).toHaveLength(2_000);
    expect(new Set(combos.map(searchPath)).size).toBe(2_000);
  });

  it('draws low ranks far more often than high ones (Zipf)', () => {
    const draw = zipfSampler(2_000, createRandom(2));
    const counts = new Array<number>(2_000).fill(0);
    for (let i = 0; i < 100_000; i += 1) {
      const rank = draw();
      counts[rank] = (counts[rank] ?? 0) + 1;
    }
    expect(counts[0]).toBeGreaterThan(5 * (counts[99] ?? 0));
    expect(counts.filter((count) => count > 0).length).toBeGreaterThan(1_000);
  });

  it('never repeats a combination within the cold window, and repeats the popular ones when hot', () => {
    const combos = searchCombinations(300, tags, createRandom(3));
    let clock = 0;
    const cold = searchDrawer(combos, createRandom(4), 'cold', 1_000, () => clock);
    const lastSeen = new Map<string, number>();
    for (let i = 0; i < 5_000; i += 1) {
      clock += 5; // 200 searches a second against 300 combinations
      const combo = cold();
      expect(combo).not.toBeNull();
      if (!combo) return;
      const key = searchPath(combo);
      const previous = lastSeen.get(key);
      if (previous !== undefined) expect(clock - previous).toBeGreaterThanOrEqual(1_000);
      lastSeen.set(key, clock);
    }
    const hot = searchDrawer(combos, createRandom(4), 'hot', 1_000, () => clock);
    const drawn = Array.from({ length: 200 }, () => {
      const combo = hot();
      return combo ? searchPath(combo) : '';
    });
    expect(new Set(drawn).size).toBeLessThan(200);
  });

  it('says when the window cannot be kept', () => {
    const combos = searchCombinations(10, tags, createRandom(5));
    const cold = searchDrawer(combos, createRandom(6), 'cold', 1_000, () => 0);
    for (let i = 0; i < 10; i += 1) expect(cold()).not.toBeNull();
    expect(cold()).toBeNull();
  });
});
