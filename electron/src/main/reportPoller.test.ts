import type { CommentReportQueueItem, CommentReportQueuePage, HostResult } from '@hiraku/shared';
import { createReportPoller, PENDING_REPORTS_PATH, readPendingReports, REPORT_POLL_INTERVAL_MS } from './reportPoller';

/** A pending reported comment as the endpoint map declares the queue's items. */
const item = (id: number): CommentReportQueueItem => ({
  status: 'pending',
  comment: { id, text: 'x', createdAt: '2025-05-01T00:00:00.000Z', isHidden: true, isDeleted: false },
  author: { publicId: 'author', username: null, suspended: false },
  report: { id: 1, title: 'レポート' },
  reports: [],
  reporterCount: 3,
});
const queuePage = (ids: number[], pendingCount = ids.length): CommentReportQueuePage => ({ items: ids.map(item), nextCursor: null, pendingCount });
const page = (...ids: number[]): HostResult => ({ kind: 'response', status: 200, body: queuePage(ids) });

function setUp(results: HostResult[], enabled = true) {
  const call = jest.fn(async () => results.shift() ?? page());
  const showCount = jest.fn();
  const notify = jest.fn();
  let setting = enabled;
  const intervals: number[] = [];
  const poller = createReportPoller({ call, enabled: () => setting, showCount, notify, setInterval: (_callback, ms) => (intervals.push(ms), {}) });
  return { poller, call, showCount, notify, intervals, switchTo: (value: boolean) => (setting = value) };
}

describe('new reported comments', () => {
  it('asks the pending queue every minute', async () => {
    const { poller, call, intervals } = setUp([page()]);
    poller.start();
    await Promise.resolve();
    expect(intervals).toEqual([REPORT_POLL_INTERVAL_MS]);
    expect(REPORT_POLL_INTERVAL_MS).toBe(60_000);
    expect(call).toHaveBeenCalledWith({ method: 'GET', path: PENDING_REPORTS_PATH, query: [['status', 'pending']] });
  });

  it('notifies once per newly arrived comment and keeps the badge at the pending count', async () => {
    const { poller, showCount, notify } = setUp([page(1, 2), page(1, 2), page(1, 2, 3), page(3), page()]);
    for (let i = 0; i < 5; i += 1) await poller.poll();
    expect(showCount.mock.calls.map(([count]) => count)).toEqual([2, 2, 3, 1, 0]);
    expect(notify.mock.calls).toEqual([[2], [3]]);
  });

  it('shows nothing while switched off, signed out or refused, and keeps quiet offline', async () => {
    const off = setUp([page(1)], false);
    await off.poller.poll();
    expect(off.call).not.toHaveBeenCalled();
    expect(off.showCount).toHaveBeenCalledWith(0);

    const signedOut = setUp([page(1), { kind: 'response', status: 401, body: {} }, { kind: 'no-response', reason: 'network' }]);
    await signedOut.poller.poll();
    await signedOut.poller.poll();
    await signedOut.poller.poll();
    expect(signedOut.showCount.mock.calls.map(([count]) => count)).toEqual([1, 0]);
    expect(signedOut.notify).toHaveBeenCalledTimes(1);
  });

  it('reads the pending total when the server gives one, and ignores answers of another shape', () => {
    expect(readPendingReports(queuePage([5], 12))).toEqual({ count: 12, ids: ['5'] });
    expect(readPendingReports(queuePage([5, 6], 0))).toEqual({ count: 2, ids: ['5', '6'] });
    expect(readPendingReports([{ commentId: 'a' }])).toBeNull();
    expect(readPendingReports({ items: [{ comment: { id: 5 } }], total: 12 })).toBeNull();
    expect(readPendingReports({ error: 'not_found' })).toBeNull();
  });
});
