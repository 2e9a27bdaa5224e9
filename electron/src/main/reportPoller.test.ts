import type { CaseItem, CasePage, FlagCategory, HostResult } from '@hiraku/shared';
import { createReportPoller, PENDING_REPORTS_PATH, readPendingReports, REPORT_POLL_INTERVAL_MS } from './reportPoller';

/** An open case as the endpoint map declares the queue's items. */
const item = (id: number, category: FlagCategory = 'minor', overdue = false): CaseItem => ({
  id,
  type: 'report',
  status: 'open',
  category,
  openedAt: '2025-05-01T00:00:00.000Z',
  dueAt: '2025-05-02T00:00:00.000Z',
  overdue,
  closedAt: null,
  claimedBy: null,
  decision: null,
  target: { type: 'report', id: '1', title: 'レポート', text: null, thumbnailUrl: null, path: '/reports/1', isHidden: true, isDeleted: false, gone: false },
  author: null,
  flags: [],
  flaggerCount: 2,
  notes: [],
  appeal: null,
});
const casePage = (items: CaseItem[], open = items.length): CasePage => ({ items, nextCursor: null, counts: { open, overdue: items.filter((i) => i.overdue).length, severeOpen: 0 } });
const page = (...ids: number[]): HostResult => ({ kind: 'response', status: 200, body: casePage(ids.map((id) => item(id))) });

function setUp(results: HostResult[], enabled = true) {
  const call = jest.fn(async () => results.shift() ?? page());
  const showCount = jest.fn();
  const notify = jest.fn();
  let setting = enabled;
  const intervals: number[] = [];
  const poller = createReportPoller({ call, enabled: () => setting, showCount, notify, setInterval: (_callback, ms) => (intervals.push(ms), {}) });
  return { poller, call, showCount, notify, intervals, switchTo: (value: boolean) => (setting = value) };
}

describe('severe and overdue cases', () => {
  it('asks the open case queue every minute', async () => {
    const { poller, call, intervals } = setUp([page()]);
    poller.start();
    await Promise.resolve();
    expect(intervals).toEqual([REPORT_POLL_INTERVAL_MS]);
    expect(REPORT_POLL_INTERVAL_MS).toBe(60_000);
    expect(call).toHaveBeenCalledWith({ method: 'GET', path: PENDING_REPORTS_PATH, query: [['status', 'open']] });
  });

  it('notifies once per newly opened severe case and keeps the badge at the open count', async () => {
    const { poller, showCount, notify } = setUp([page(1, 2), page(1, 2), page(1, 2, 3), page(3), page()]);
    for (let i = 0; i < 5; i += 1) await poller.poll();
    expect(showCount.mock.calls.map(([count]) => count)).toEqual([2, 2, 3, 1, 0]);
    expect(notify.mock.calls).toEqual([[{ severe: 2, overdue: 0 }], [{ severe: 1, overdue: 0 }]]);
  });

  it('notifies when a case becomes overdue, but not for new spam', async () => {
    const spam = (overdue: boolean): HostResult => ({ kind: 'response', status: 200, body: casePage([item(7, 'spam', overdue)]) });
    const { poller, notify } = setUp([spam(false), spam(false), spam(true), spam(true)]);
    for (let i = 0; i < 4; i += 1) await poller.poll();
    expect(notify.mock.calls).toEqual([[{ severe: 0, overdue: 1 }]]);
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

  it('reads the open total when the server gives one, and ignores answers of another shape', () => {
    expect(readPendingReports(casePage([item(5)], 12))).toEqual({ count: 12, severeIds: ['5'], overdueIds: [] });
    expect(readPendingReports(casePage([item(5), item(6, 'other', true)], 0))).toEqual({ count: 2, severeIds: ['5'], overdueIds: ['6'] });
    expect(readPendingReports([{ commentId: 'a' }])).toBeNull();
    expect(readPendingReports({ items: [{ comment: { id: 5 } }], total: 12 })).toBeNull();
    expect(readPendingReports({ error: 'not_found' })).toBeNull();
  });
});
