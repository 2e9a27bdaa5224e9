import { ANALYTICS_LIMITS, endpointPath, japanDay, routeOf } from '@hiraku/shared';
import { ANALYTICS_RECORD_PATH, createAnalyticsQueue } from './analyticsQueue';
import { dailyVisitorKey } from './visitorKey';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

it('posts to the declared analytics.record endpoint', () => {
  expect(routeOf('analytics.record').method).toBe('POST');
  expect(endpointPath('analytics.record')).toBe(ANALYTICS_RECORD_PATH);
});

describe('the analytics queue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits briefly, then sends the events together with the visitor key', () => {
    const sent: string[] = [];
    const queue = createAnalyticsQueue({ send: (body) => sent.push(body) > 0, visitorKey: () => 'key-abcdefghijklmnop', delayMs: 2000 });
    queue.track({ name: 'page_view', path: '/reports' });
    queue.track({ name: 'page_view', path: '/reports/12' });
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(2000);
    expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
      {
        visitorKey: 'key-abcdefghijklmnop',
        events: [
          { name: 'page_view', path: '/reports' },
          { name: 'page_view', path: '/reports/12' },
        ],
      },
    ]);
    jest.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(1);
  });

  it('sends a full batch at once, splits a flush into batches the server accepts, and leaves out a missing key', () => {
    const sent: { events: unknown[]; visitorKey?: string }[] = [];
    const queue = createAnalyticsQueue({ send: (body) => sent.push(JSON.parse(body) as { events: unknown[] }) > 0, visitorKey: () => undefined });
    for (let i = 0; i < ANALYTICS_LIMITS.batchMax; i += 1) queue.track({ name: 'page_view', path: `/reports/${i}` });
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) queue.track({ name: 'report_create_submit', path: '/create-report' });
    queue.flush();
    expect(sent.map((batch) => batch.events.length)).toEqual([ANALYTICS_LIMITS.batchMax, 3]);
    expect(sent.every((batch) => !('visitorKey' in batch))).toBe(true);
  });

  it('cuts an overlong path to what the server stores', () => {
    const sent: string[] = [];
    const queue = createAnalyticsQueue({ send: (body) => sent.push(body) > 0, visitorKey: () => undefined });
    queue.track({ name: 'page_view', path: `/${'x'.repeat(1000)}` });
    queue.flush();
    const [batch] = sent.map((body) => JSON.parse(body) as { events: { path: string }[] });
    expect(batch?.events[0]?.path).toHaveLength(ANALYTICS_LIMITS.pathMax);
  });
});

describe('the daily visitor key', () => {
  it('stays the same within a Japanese day and changes at Japanese midnight', () => {
    const storage = memoryStorage();
    const nineAmJst = Date.parse('2026-11-22T00:00:00Z');
    const first = dailyVisitorKey(storage, nineAmJst);
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(dailyVisitorKey(storage, nineAmJst + 14 * 3600_000)).toBe(first);
    expect(japanDay(new Date(nineAmJst + 15 * 3600_000))).toBe('2026-11-23');
    expect(dailyVisitorKey(storage, nineAmJst + 15 * 3600_000)).not.toBe(first);
  });

  it('is left out where nothing may be stored', () => {
    expect(dailyVisitorKey(null)).toBeUndefined();
  });
});
