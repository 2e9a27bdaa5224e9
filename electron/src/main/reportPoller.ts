import { endpointPath, isSevereCategory, responseSchema, type CasePage, type HostResult } from '@hiraku/shared';

export const REPORT_POLL_INTERVAL_MS = 60_000;
export const PENDING_REPORTS_PATH = endpointPath('moderation.cases');

export interface PendingReports {
  /** Every open case (the badge), not just this page's. */
  count: number;
  /** Open severe cases and appeals on the first page (the queue puts them first). */
  severeIds: string[];
  /** Open cases past their due time on the first page. */
  overdueIds: string[];
}

const casePageSchema = responseSchema('moderation.cases');

/**
 * The case queue's first page, as the endpoint map declares it (issue 18): appeals and the severe
 * categories come first, so a new severe case or one newly overdue shows there; `counts.open` is the badge.
 */
export function pendingReportsOf(page: CasePage): PendingReports {
  const open = page.items.filter((item) => item.status === 'open');
  return {
    count: Math.max(page.counts.open, open.length),
    severeIds: open.filter((item) => item.type === 'appeal' || isSevereCategory(item.category)).map((item) => String(item.id)),
    overdueIds: open.filter((item) => item.overdue).map((item) => String(item.id)),
  };
}

/** A body that is not a case page (another server version, an error) reads as nothing. */
export function readPendingReports(body: unknown): PendingReports | null {
  const parsed = casePageSchema.safeParse(body);
  return parsed.success ? pendingReportsOf(parsed.data) : null;
}

export interface ReportPollerOptions {
  call: (request: { method: 'GET'; path: string; query: [string, string][] }) => Promise<HostResult>;
  enabled: () => boolean;
  /** The badge and tray count (open cases); 0 clears them. */
  showCount: (count: number) => void;
  /** A system notification: severe cases that opened, cases that became overdue, since the last look. */
  notify: (news: { severe: number; overdue: number }) => void;
  setInterval?: (callback: () => void, ms: number) => { unref?: () => void };
}

/**
 * Every minute while the app runs, reads the case queue's first page: the badge shows the open cases,
 * and the operator is told when a severe case opens or a case becomes overdue that they were not told
 * about. Signed out, offline or switched off: nothing is shown.
 */
export function createReportPoller(options: ReportPollerOptions) {
  let knownSevere: Set<string> | null = null;
  let knownOverdue: Set<string> | null = null;
  let running = false;

  async function poll(): Promise<void> {
    if (running) return;
    running = true;
    try {
      if (!options.enabled()) {
        knownSevere = null;
        knownOverdue = null;
        options.showCount(0);
        return;
      }
      const result = await options.call({ method: 'GET', path: PENDING_REPORTS_PATH, query: [['status', 'open']] });
      if (result.kind !== 'response') return;
      const pending = result.status === 200 ? readPendingReports(result.body) : null;
      if (!pending) {
        if (result.status === 401 || result.status === 403) {
          knownSevere = null;
          knownOverdue = null;
          options.showCount(0);
        }
        return;
      }
      options.showCount(pending.count);
      const severe = pending.severeIds.filter((id) => !knownSevere?.has(id)).length;
      const overdue = pending.overdueIds.filter((id) => !knownOverdue?.has(id)).length;
      if (severe > 0 || overdue > 0) options.notify({ severe, overdue });
      knownSevere = new Set(pending.severeIds);
      knownOverdue = new Set(pending.overdueIds);
    } finally {
      running = false;
    }
  }

  return {
    poll,
    start(): void {
      void poll();
      const timer = (options.setInterval ?? setInterval)(() => void poll(), REPORT_POLL_INTERVAL_MS);
      timer.unref?.();
    },
  };
}
