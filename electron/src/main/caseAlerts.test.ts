import type { CaseItem, CasePage, CaseStreamEvent, FlagCategory } from '@hiraku/shared';
import { createCaseAlerts, readPendingReports } from './caseAlerts';

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
  escalation: null,
});
const casePage = (items: CaseItem[], open = items.length): CasePage => ({ items, nextCursor: null, counts: { open, overdue: items.filter((i) => i.overdue).length, severeOpen: 0 } });
const pending = (...ids: number[]) => readPendingReports(casePage(ids.map((id) => item(id))))!;
const event = (caseId: number, change: CaseStreamEvent['change'], severe: boolean, open: number): CaseStreamEvent => ({
  caseId,
  change,
  severe,
  counts: { open, overdue: 0, severeOpen: 0 },
});

function setUp(gatherMs = 0) {
  const showCount = jest.fn();
  const notify = jest.fn();
  return { alerts: createCaseAlerts({ showCount, notify }, { gatherMs }), showCount, notify };
}

describe('case alerts', () => {
  it('tells each severe case once from the queue and keeps the badge at the open count', () => {
    const { alerts, showCount, notify } = setUp();
    for (const ids of [[1, 2], [1, 2], [1, 2, 3], [3], []]) alerts.fromQueue(pending(...ids));
    expect(showCount.mock.calls.map(([count]) => count)).toEqual([2, 2, 3, 1, 0]);
    expect(notify.mock.calls).toEqual([[{ severe: 2, overdue: 0 }], [{ severe: 1, overdue: 0 }]]);
  });

  it('tells a case that became overdue, but not new spam', () => {
    const { alerts, notify } = setUp();
    const spam = (overdue: boolean) => readPendingReports(casePage([item(7, 'spam', overdue)]))!;
    for (const overdue of [false, false, true, true]) alerts.fromQueue(spam(overdue));
    expect(notify.mock.calls).toEqual([[{ severe: 0, overdue: 1 }]]);
  });

  it('tells a severe case and an overdue one from the stream once, whichever source saw it first', () => {
    const { alerts, showCount, notify } = setUp();
    alerts.fromQueue(pending(1));
    notify.mockClear();
    alerts.fromEvent(event(1, 'escalated', true, 1));
    alerts.fromEvent(event(2, 'opened', false, 2));
    alerts.fromEvent(event(3, 'opened', true, 3));
    alerts.fromEvent(event(2, 'escalated', true, 3));
    alerts.fromEvent(event(2, 'overdue', true, 3));
    alerts.fromEvent(event(2, 'overdue', true, 3));
    alerts.fromEvent(event(3, 'closed', true, 2));
    // Read again after a gap: nothing new to tell.
    alerts.fromQueue(pending(1, 2));
    expect(notify.mock.calls).toEqual([[{ severe: 1, overdue: 0 }], [{ severe: 1, overdue: 0 }], [{ severe: 0, overdue: 1 }]]);
    expect(showCount.mock.calls.map(([count]) => count)).toEqual([1, 1, 2, 3, 3, 3, 3, 2, 2]);
  });

  it('tells the news of a burst of events in one notification', async () => {
    const { alerts, notify } = setUp(30);
    const told = new Promise<void>((resolve) => notify.mockImplementation(() => resolve()));
    for (const id of [1, 2, 3]) alerts.fromEvent(event(id, 'overdue', false, 3));
    alerts.fromEvent(event(4, 'opened', true, 4));
    expect(notify).not.toHaveBeenCalled();
    await told;
    expect(notify.mock.calls).toEqual([[{ severe: 1, overdue: 3 }]]);
  });

  it('clears the badge on reset and tells every severe case again after it', () => {
    const { alerts, showCount, notify } = setUp();
    alerts.fromQueue(pending(1));
    alerts.reset();
    alerts.fromQueue(pending(1));
    expect(showCount.mock.calls.map(([count]) => count)).toEqual([1, 0, 1]);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('reads the open total when the server gives one, and ignores answers of another shape', () => {
    expect(readPendingReports(casePage([item(5)], 12))).toEqual({ count: 12, severeIds: ['5'], overdueIds: [] });
    expect(readPendingReports(casePage([item(5), item(6, 'other', true)], 0))).toEqual({ count: 2, severeIds: ['5'], overdueIds: ['6'] });
    expect(readPendingReports(casePage([{ ...item(8, 'spam'), type: 'appeal' }, { ...item(9, 'spam'), type: 'takedown' }]))?.severeIds).toEqual(['8', '9']);
    expect(readPendingReports([{ commentId: 'a' }])).toBeNull();
    expect(readPendingReports({ items: [{ comment: { id: 5 } }], total: 12 })).toBeNull();
    expect(readPendingReports({ error: 'not_found' })).toBeNull();
  });
});
