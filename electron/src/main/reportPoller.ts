import type { HostResult } from '@hiraku/shared';

export const REPORT_POLL_INTERVAL_MS = 60_000;
export const PENDING_REPORTS_PATH = '/api/moderation/comment-reports';

export interface PendingReports {
  count: number;
  ids: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function itemId(item: unknown): string | null {
  if (!isRecord(item)) return null;
  const comment = isRecord(item.comment) ? item.comment : null;
  const id = comment?.id ?? comment?._id ?? item.commentId ?? item.id ?? item._id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * The queue's first page (issue 9: pending first, oldest first): a list of reported comments, each
 * with its comment. A total, when the server sends one, beats the length of the page.
 */
export function readPendingReports(body: unknown): PendingReports | null {
  const items = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.items) ? body.items : null;
  if (!items) return null;
  const ids = items.map(itemId).filter((id): id is string => id !== null);
  const total = isRecord(body) ? (body.total ?? body.pendingCount) : undefined;
  return { count: typeof total === 'number' && total >= items.length ? total : items.length, ids };
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
