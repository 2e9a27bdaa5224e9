/**
 * Bookkeeping for tests that play many members at once (faults, soak): every call is timed and kept with
 * its status, a call that gets no answer within ANSWER_BOUND_MS counts as unanswered (status 0), and a
 * summary gives the figures SECURITY.md quotes.
 */

/** Longer than any answer may honestly take on a loaded machine; a call still open after this is a hang. */
export const ANSWER_BOUND_MS = 30_000;

export interface Answer {
  kind: string;
  /** Who sent it (e.g. the simulated member's number), when the test needs to tell. */
  actor?: number;
  /** 0 when no answer came (refused, reset, or aborted after ANSWER_BOUND_MS). */
  status: number;
  startedAt: number;
  endedAt: number;
  /** Kept for answers that are not 2xx, to show what went wrong. */
  body?: unknown;
  /** What the caller chose to keep of a 2xx answer (e.g. where a search answer came from). */
  note?: string;
}

export interface CallOptions<T> {
  actor?: number;
  note?: (body: T) => string | undefined;
}

export interface Answered<T> {
  status: number;
  body: T;
}

export interface TrafficSummary {
  requests: number;
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  fiveXx: number;
  unanswered: number;
  p50Ms: number;
  p99Ms: number;
}

export class TrafficLog {
  readonly answers: Answer[] = [];

  /** Runs one call with the answer bound and records it; resolves with the answer (never rejects). */
  async call<T>(kind: string, send: (signal: AbortSignal) => Promise<Answered<T>>, options: CallOptions<T> = {}): Promise<Answered<T> & { answered: boolean }> {
    const startedAt = Date.now();
    const who = options.actor === undefined ? {} : { actor: options.actor };
    try {
      const answer = await send(AbortSignal.timeout(ANSWER_BOUND_MS));
      const endedAt = Date.now();
      const ok = answer.status >= 200 && answer.status < 300;
      const note = ok ? options.note?.(answer.body) : undefined;
      this.answers.push({ kind, ...who, status: answer.status, startedAt, endedAt, ...(ok ? {} : { body: answer.body }), ...(note === undefined ? {} : { note }) });
      return { ...answer, answered: true };
    } catch (error) {
      this.answers.push({ kind, ...who, status: 0, startedAt, endedAt: Date.now(), body: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      return { status: 0, body: undefined as T, answered: false };
    }
  }

  summary(answers: readonly Answer[] = this.answers): TrafficSummary {
    const byKind: Record<string, number> = {};
    const byStatus: Record<string, number> = {};
    for (const answer of answers) {
      byKind[answer.kind] = (byKind[answer.kind] ?? 0) + 1;
      byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    }
    const durations = answers.filter((answer) => answer.status !== 0).map((answer) => answer.endedAt - answer.startedAt).sort((a, b) => a - b);
    return {
      requests: answers.length,
      byKind,
      byStatus,
      fiveXx: answers.filter((answer) => answer.status >= 500).length,
      unanswered: answers.filter((answer) => answer.status === 0).length,
      p50Ms: percentile(durations, 0.5),
      p99Ms: percentile(durations, 0.99),
    };
  }
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** One line per figure, for the test's output (and SECURITY.md). */
export function formatSummary(label: string, summary: TrafficSummary): string {
  const kinds = Object.entries(summary.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const statuses = Object.entries(summary.byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  return [
    `${label}: ${summary.requests} requests, 5xx: ${summary.fiveXx}, unanswered: ${summary.unanswered}, p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms`,
    `  by type: ${kinds}`,
    `  by status: ${statuses}`,
  ].join('\n');
}
