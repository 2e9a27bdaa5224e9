import { endpointPath, responseSchema, type CommentReportQueuePage, type HostResult } from '@hiraku/shared';

export const REPORT_POLL_INTERVAL_MS = 60_000;
export const PENDING_REPORTS_PATH = endpointPath('moderation.commentReports');

export interface PendingReports {
  count: number;
  ids: string[];
}

const queuePageSchema = responseSchema('moderation.commentReports');

/**
 * The queue's first page of pending reported comments, as the endpoint map declares it: the comments'
 * ids tell a new arrival, `pendingCount` (every pending one, not just this page) is the badge.
 */
export function pendingReportsOf(page: CommentReportQueuePage): PendingReports {
  return { count: Math.max(page.pendingCount, page.items.length), ids: page.items.map((item) => String(item.comment.id)) };
}

/** A body that is not a queue page (another server version, an error) reads as nothing. */
export function readPendingReports(body: unknown): PendingReports | null {
  const parsed = queuePageSchema.safeParse(body);
  return parsed.success ? pendingReportsOf(parsed.data) : null;
}

export interface ReportPollerOptions {
  call: (request: { method: 'GET'; path: string; query: [string, string][] }) => Promise<HostResult>;
  enabled: () => boolean;
  /** The badge and tray count; 0 clears them. */
  showCount: (count: number) => void;
  /** A system notification: something arrived that the operator has not been told about. */
  notify: (count: number) => void;
  setInterval?: (callback: () => void, ms: number) => { unref?: () => void };
}

/**
 * Every minute while the app runs, asks the queue for pending reported comments and tells the operator
 * when one appears that was not there before. Signed out, offline or switched off: nothing is shown.
 */
export function createReportPoller(options: ReportPollerOptions) {
  let known: Set<string> | null = null;
  let running = false;

  async function poll(): Promise<void> {
    if (running) return;
    running = true;
    try {
      if (!options.enabled()) {
        known = null;
        options.showCount(0);
        return;
      }
      const result = await options.call({ method: 'GET', path: PENDING_REPORTS_PATH, query: [['status', 'pending']] });
      if (result.kind !== 'response') return;
      const pending = result.status === 200 ? readPendingReports(result.body) : null;
      if (!pending) {
        if (result.status === 401 || result.status === 403) {
          known = null;
          options.showCount(0);
        }
        return;
      }
      options.showCount(pending.count);
      const arrived = pending.ids.filter((id) => !known?.has(id));
      if (arrived.length > 0 && pending.count > 0) options.notify(pending.count);
      known = new Set(pending.ids);
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
