import type { MemorySample, TimelineMark } from './memoryTimeline';
import { summariseTimeline } from './summariseMemoryTimeline';

const MiB = 2 ** 20;
const sample = (t: number, rssMiB: number, heapMiB: number, oldMiB: number): MemorySample => ({
  t,
  rss: rssMiB * MiB,
  heapTotal: heapMiB * MiB,
  heapUsed: (heapMiB - 10) * MiB,
  external: 5 * MiB,
  arrayBuffers: MiB,
  spaces: { old_space: oldMiB * MiB, new_space: 16 * MiB, large_object_space: 2 * MiB },
});

describe('summariseTimeline', () => {
  it('gives each stretch between marks its highest RSS, split into the heap and what lies outside it', () => {
    const lines: (MemorySample | TimelineMark)[] = [
      sample(0, 150, 60, 40),
      { t: 1_000, mark: 'feed-new: API' },
      sample(1_100, 200, 90, 70),
      sample(1_600, 260, 130, 110),
      sample(2_100, 230, 100, 80),
      { t: 3_000, mark: 'feed-new: reference' },
      sample(3_100, 210, 95, 75),
    ];
    const rows = summariseTimeline(lines);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('(before the first mark)');
    expect(rows[1]).toMatch(/feed-new: API\s+rss {2}260 at \+0\.5 s: heap {2}130 \(old {2}110, new {3}16, large {4}2\), outside the heap {2}130/);
    expect(rows[1]).toMatch(/highest: heap {2}130, used {2}120, outside {2}130$/);
    expect(rows[2]).toMatch(/feed-new: reference\s+rss {2}210/);
  });

  it('skips a mark with no sample after it', () => {
    expect(summariseTimeline([{ t: 0, mark: 'a' }, { t: 1, mark: 'b' }, sample(2, 100, 50, 30)])).toEqual([expect.stringContaining(' b ')]);
  });
});
