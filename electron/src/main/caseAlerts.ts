import { endpointPath, isSevereCategory, responseSchema, type CasePage, type CaseStreamEvent } from '@hiraku/shared';

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
 * The case queue's first page, as the endpoint map declares it: appeals and the severe
 * categories come first, so a severe case or an overdue one shows there; `counts.open` is the badge.
 */
export function pendingReportsOf(page: CasePage): PendingReports {
  const open = page.items.filter((item) => item.status === 'open');
  return {
    count: Math.max(page.counts.open, open.length),
    severeIds: open.filter((item) => item.type === 'appeal' || item.type === 'takedown' || isSevereCategory(item.category)).map((item) => String(item.id)),
    overdueIds: open.filter((item) => item.overdue).map((item) => String(item.id)),
  };
}

/** A body that is not a case page (another server version, an error) reads as nothing. */
export function readPendingReports(body: unknown): PendingReports | null {
  const parsed = casePageSchema.safeParse(body);
  return parsed.success ? pendingReportsOf(parsed.data) : null;
}

export interface CaseAlertOutputs {
  /** The badge and tray count (open cases); 0 clears them. */
  showCount: (count: number) => void;
  /** A system notification: severe cases that opened, cases that became overdue, not told before. */
  notify: (news: { severe: number; overdue: number }) => void;
}

export interface CaseAlerts {
  /** The queue's first page, read at start and after every gap in the stream. */
  fromQueue(pending: PendingReports): void;
  /** A `case` event of the stream. */
  fromEvent(event: CaseStreamEvent): void;
  /** Signed out or switched off: the badge clears, and the next start tells of every severe case again. */
  reset(): void;
}

/** Events within this of the first are told in one notification (the server's sweep tells overdue cases together). */
export const CASE_ALERT_GATHER_MS = 1_000;

/**
 * What the operator is shown, from whichever source: the badge follows the latest open count, and each
 * severe case (or appeal, or takedown) and each case past its due time is told once, whether the stream
 * said so or the first page read after a gap shows it. The stream's news within `gatherMs` make one
 * notification, not one each.
 */
export function createCaseAlerts(outputs: CaseAlertOutputs, { gatherMs = CASE_ALERT_GATHER_MS }: { gatherMs?: number } = {}): CaseAlerts {
  let knownSevere: Set<string> | null = null;
  let knownOverdue: Set<string> | null = null;
  let pending = { severe: 0, overdue: 0 };
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    flushTimer = null;
    const news = pending;
    pending = { severe: 0, overdue: 0 };
    if (news.severe > 0 || news.overdue > 0) outputs.notify(news);
  };
  const tell = (severe: number, overdue: number) => {
    pending = { severe: pending.severe + severe, overdue: pending.overdue + overdue };
    if (gatherMs <= 0) flush();
    else flushTimer ??= setTimeout(flush, gatherMs);
  };
  return {
    fromQueue(pending) {
      outputs.showCount(pending.count);
      const severe = pending.severeIds.filter((id) => !knownSevere?.has(id));
      const overdue = pending.overdueIds.filter((id) => !knownOverdue?.has(id));
      if (severe.length > 0 || overdue.length > 0) outputs.notify({ severe: severe.length, overdue: overdue.length });
      knownSevere = new Set([...(knownSevere ?? []), ...pending.severeIds]);
      knownOverdue = new Set([...(knownOverdue ?? []), ...pending.overdueIds]);
    },
    fromEvent(event) {
      outputs.showCount(event.counts.open);
      const id = String(event.caseId);
      knownSevere ??= new Set();
      knownOverdue ??= new Set();
      if (event.change === 'closed') {
        knownSevere.delete(id);
        knownOverdue.delete(id);
        return;
      }
      const severe = (event.change === 'opened' || event.change === 'escalated') && event.severe && !knownSevere.has(id) ? 1 : 0;
      const overdue = event.change === 'overdue' && !knownOverdue.has(id) ? 1 : 0;
      if (event.severe) knownSevere.add(id);
      if (event.change === 'overdue') knownOverdue.add(id);
      if (severe > 0 || overdue > 0) tell(severe, overdue);
    },
    reset() {
      knownSevere = null;
      knownOverdue = null;
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      pending = { severe: 0, overdue: 0 };
      outputs.showCount(0);
    },
  };
}
