/**
 * Reads a memory timeline (memoryTimeline.ts) and prints, for each stretch between two marks, the
 * highest RSS and what it was made of at that moment, and the highest of each part on its own.
 *   node --import tsx bench/src/server/summariseMemoryTimeline.ts <file>
 */
import fs from 'node:fs';
import type { MemorySample, TimelineMark } from './memoryTimeline';

const MiB = 2 ** 20;
const mib = (bytes: number) => (bytes / MiB).toFixed(0).padStart(4);

export function summariseTimeline(lines: (MemorySample | TimelineMark)[]): string[] {
  const out: string[] = [];
  const start = lines[0]?.t ?? 0;
  let label = '(before the first mark)';
  let stretch: MemorySample[] = [];
  const flush = () => {
    if (stretch.length === 0) return;
    const peak = stretch.reduce((a, b) => (b.rss > a.rss ? b : a));
    const most = (pick: (s: MemorySample) => number) => mib(Math.max(...stretch.map(pick)));
    const space = (s: MemorySample, name: string) => s.spaces[name] ?? 0;
    out.push(
      `${((stretch[0]!.t - start) / 1000).toFixed(0).padStart(5)} s ${label.padEnd(44)} rss ${mib(peak.rss)} at +${((peak.t - stretch[0]!.t) / 1000).toFixed(1)} s: ` +
        `heap ${mib(peak.heapTotal)} (old ${mib(space(peak, 'old_space'))}, new ${mib(space(peak, 'new_space'))}, large ${mib(space(peak, 'large_object_space'))}), ` +
        `outside the heap ${mib(peak.rss - peak.heapTotal)}, external ${mib(peak.external)} | highest: heap ${most((s) => s.heapTotal)}, used ${most((s) => s.heapUsed)}, outside ${most((s) => s.rss - s.heapTotal)}`,
    );
    stretch = [];
  };
  for (const line of lines) {
    if ('mark' in line) {
      flush();
      label = line.mark;
    } else stretch.push(line);
  }
  flush();
  return out;
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: summariseMemoryTimeline.ts <file>');
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySample | TimelineMark);
  for (const row of summariseTimeline(lines)) console.info(row);
}
