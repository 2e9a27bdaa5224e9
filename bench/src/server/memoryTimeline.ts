import fs from 'node:fs';
import v8 from 'node:v8';

/**
 * BENCH_MEMORY_TIMELINE=<file>: the API process appends a line of its memory to the file every 100 ms,
 * and the benchmark a mark at each step of its run (the sign-ins, then each scenario's statement count,
 * API load and reference load), so a peak can be placed on the run's timeline and split into V8's heap
 * (by space) and what lies outside it. Read it with
 * `node --import tsx bench/src/server/summariseMemoryTimeline.ts <file>`.
 */
export const MEMORY_TIMELINE_FILE = process.env.BENCH_MEMORY_TIMELINE;

export interface MemorySample {
  t: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's committed size per heap space (new_space, old_space, large_object_space, code_space, ...). */
  spaces: Record<string, number>;
}

export interface TimelineMark {
  t: number;
  mark: string;
}

export function sampleMemory(): MemorySample {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  return { t: Date.now(), rss, heapTotal, heapUsed, external, arrayBuffers, spaces };
}

/** Starts the API process's sampler; returns its stop. Nothing happens without the variable. */
export function startMemoryTimeline(file = MEMORY_TIMELINE_FILE): () => void {
  if (!file) return () => undefined;
  const timer = setInterval(() => fs.appendFileSync(file, `${JSON.stringify(sampleMemory())}\n`), 100);
  return () => clearInterval(timer);
}

/** The benchmark's side: a named moment on the same timeline. */
export function markTimeline(mark: string, file = MEMORY_TIMELINE_FILE): void {
  if (file) fs.appendFileSync(file, `${JSON.stringify({ t: Date.now(), mark } satisfies TimelineMark)}\n`);
}
