import { ANALYTICS_OTHER_PATHS, type AnalyticsDay } from '@hiraku/shared';
import { defaultRange, longDayLabel, otherViews, shortDayLabel, topPaths, totals } from './analyticsSummary';

function day(date: string, pageViewsByPath: Record<string, number>, rest: Partial<AnalyticsDay> = {}): AnalyticsDay {
  const pageViews = Object.values(pageViewsByPath).reduce((sum, views) => sum + views, 0);
  return { date, pageViews, pageViewsByPath, visitors: 0, signUps: 0, reportsPublished: 0, likes: 0, comments: 0, events: {}, ...rest };
}

describe('analytics summary', () => {
  it('opens on the last 30 Japanese days, today included', () => {
    // 2025-03-01 16:30 UTC is already 2 March in Japan.
    expect(defaultRange(new Date('2025-03-01T16:30:00Z'))).toEqual({ from: '2025-02-01', to: '2025-03-02' });
    expect(defaultRange(new Date('2025-03-01T14:59:00Z'))).toEqual({ from: '2025-01-31', to: '2025-03-01' });
  });

  it('adds up every count over the range', () => {
    const days = [day('2025-05-01', { '/': 3, '/reports': 2 }, { visitors: 2, signUps: 1, likes: 4 }), day('2025-05-02', { '/reports': 5 }, { comments: 2, reportsPublished: 1 })];
    expect(totals(days)).toEqual({ pageViews: 10, visitors: 2, signUps: 1, reportsPublished: 1, likes: 4, comments: 2 });
    expect(totals([])).toEqual({ pageViews: 0, visitors: 0, signUps: 0, reportsPublished: 0, likes: 0, comments: 0 });
  });

  it('ranks pages by their views over the whole range, ties by path, at most `limit`', () => {
    const days = [day('2025-05-01', { '/': 3, '/faq': 1, '/reports': 2 }), day('2025-05-02', { '/reports': 5, '/glossary': 1 })];
    expect(topPaths(days, 10)).toEqual([
      { path: '/reports', views: 7 },
      { path: '/', views: 3 },
      { path: '/faq', views: 1 },
      { path: '/glossary', views: 1 },
    ]);
    expect(topPaths(days, 2).map((entry) => entry.path)).toEqual(['/reports', '/']);
  });

  it("never ranks the server's その他 as a route, and puts every view outside the shown routes under it", () => {
    // The server named '/' and '/reports' and summed the rest of each day under その他.
    const days = [day('2025-05-01', { '/': 3, '/reports': 2, [ANALYTICS_OTHER_PATHS]: 9 }), day('2025-05-02', { '/reports': 5, [ANALYTICS_OTHER_PATHS]: 1 })];
    const top = topPaths(days, 10);
    expect(top).toEqual([
      { path: '/reports', views: 7 },
      { path: '/', views: 3 },
    ]);
    expect(otherViews(days, top)).toBe(10);
    // Routes the server named but the table leaves out are counted there too.
    expect(otherViews(days, topPaths(days, 1))).toBe(13);
    expect(otherViews([day('2025-05-01', { '/': 3 })], topPaths([day('2025-05-01', { '/': 3 })], 10))).toBe(0);
  });

  it('labels days the Japanese way', () => {
    expect(shortDayLabel('2025-05-04')).toBe('5/4');
    expect(longDayLabel('2025-05-14')).toBe('2025年5月14日（水）');
  });
});
