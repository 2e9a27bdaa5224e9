import { ANALYTICS_LIMITS, ANALYTICS_OTHER_PATHS, TEXTS, type AnalyticsDailyResponse } from '@hiraku/shared';
import { Op, QueryTypes } from 'sequelize';
import { createReport, createUser } from '../../../test/factories';
import { createHttpClient } from '../../../test/support/httpClient';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { addDays, countDay, countLiveDays, japanDay, japanDayRange, maintainAnalytics, rollUpDay } from '../../commands/analytics';

describe('first-party analytics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
  });
  afterAll(() => app.close());

  const models = () => app.services.models;
  const visitorKey = 'k7Qm2ZpX9vRt4LwB8nYc';
  /** What navigator.sendBeacon(url, JSON string) sends: text/plain, no anti-forgery header, the browser's cookies. */
  const beacon = (body: string, cookie = '') =>
    fetch(`${app.baseUrl}/api/analytics/events`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...(cookie ? { Cookie: cookie } : {}) }, body });

  it('takes a beacon batch without the anti-forgery header and stores no e-mail, IP address or member id', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const cookie = client.cookieHeader('/api/analytics/events');
    const res = await beacon(
      JSON.stringify({
        visitorKey,
        events: [
          { name: 'page_view', path: `/reports?query=${encodeURIComponent(user.email)}#top` },
          { name: 'page_view', path: `/profile/${user.publicId}` },
          { name: 'report_create_submit' },
        ],
      }),
      cookie,
    );
    expect(res.status).toBe(200);

    const rows = await app.services.sequelize.query<Record<string, unknown>>('SELECT * FROM analytics_events ORDER BY id', { type: QueryTypes.SELECT });
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['id', 'name', 'occurred_at', 'path', 'properties', 'visitor_id']);
    expect(rows.map((row) => [row.name, row.path])).toEqual([
      ['page_view', '/reports'],
      ['page_view', '/profile/:publicId'],
      ['report_create_submit', null],
    ]);
    const stored = JSON.stringify(rows);
    for (const secret of [user.email, user.publicId, visitorKey, '127.0.0.1', `"${user.id}"`]) expect(stored).not.toContain(secret);
    expect(rows.every((row) => row.properties === null && typeof row.visitor_id === 'string')).toBe(true);
  });

  it('accepts JSON from fetch too, and refuses what is not a batch', async () => {
    const client = createHttpClient(app.baseUrl);
    expect((await client.post('/api/analytics/events', { events: [{ name: 'report_delete_attempt' }] })).body).toEqual({ accepted: 1 });
    const before = await models().AnalyticsEvent.count();
    for (const body of ['not json', JSON.stringify({ events: [] }), JSON.stringify({ events: [{ name: 'purchase' }] }), JSON.stringify({ events: [{ name: 'page_view', path: 'reports' }] })]) {
      const res = await beacon(body);
      expect(res.status).toBe(400);
      expect((await res.json()) as unknown).toMatchObject({ error: 'validation_error' });
    }
    const tooMany = Array.from({ length: ANALYTICS_LIMITS.batchMax + 1 }, () => ({ name: 'page_view', path: '/' }));
    expect((await beacon(JSON.stringify({ events: tooMany }))).status).toBe(400);
    expect(await models().AnalyticsEvent.count()).toBe(before);
  });

  describe('daily report', () => {
    it('is for operators only', async () => {
      const query = '/api/moderation/analytics/daily?from=2026-01-01&to=2026-01-02';
      expect((await createHttpClient(app.baseUrl).get(query)).status).toBe(401);
      expect((await (await signedInMember(app.baseUrl)).client.get(query)).status).toBe(403);
    });

    it('counts page views by path, sign-ups, published reports, likes and comments per Japanese day', async () => {
      const { client: operator } = await signedInMember(app.baseUrl, { role: 'operator' });
      const today = japanDay(new Date());
      const url = `/api/moderation/analytics/daily?from=${addDays(today, -1)}&to=${today}`;
      const before = (await operator.get<AnalyticsDailyResponse>(url)).body.days.at(-1);

      await beacon(JSON.stringify({ events: [{ name: 'page_view', path: '/faq' }, { name: 'page_view', path: '/faq' }, { name: 'report_edit_failure' }] }));
      const author = await createUser();
      const report = await createReport({ author });
      await createReport({ author, isDraft: true });
      await models().Like.create({ reportId: report.id, userId: (await createUser()).id });
      await models().Comment.create({ reportId: report.id, authorId: author.id, text: 'ありがとうございました。' });

      const res = await operator.get<AnalyticsDailyResponse>(url);
      expect(res.status).toBe(200);
      expect(res.body.days.map((day) => day.date)).toEqual([addDays(today, -1), today]);
      const after = res.body.days.at(-1);
      expect(after?.pageViewsByPath['/faq']).toBe((before?.pageViewsByPath['/faq'] ?? 0) + 2);
      expect(after?.pageViews).toBe((before?.pageViews ?? 0) + 2);
      expect(after?.events.report_edit_failure).toBe((before?.events.report_edit_failure ?? 0) + 1);
      expect(after?.signUps).toBe((before?.signUps ?? 0) + 2);
      expect(after?.reportsPublished).toBe((before?.reportsPublished ?? 0) + 1);
      expect(after?.likes).toBe((before?.likes ?? 0) + 1);
      expect(after?.comments).toBe((before?.comments ?? 0) + 1);

      // The report's two statements for both live days count what the worker's one-day count does.
      const byMetric = (counts: Array<{ metric: string; dimension: string; count: number }>) =>
        counts.map(({ metric, dimension, count }) => `${metric} ${dimension} ${count}`).sort();
      const live = await countLiveDays(app.services.sequelize, [addDays(today, -1), today]);
      for (const day of [addDays(today, -1), today]) expect(byMetric(live.get(day) ?? [])).toEqual(byMetric(await countDay(models(), day)));
      expect(byMetric(live.get(today) ?? [])).toEqual(expect.arrayContaining(['page_view /faq 2', 'reports_published  1']));
    });

    it('refuses a bad range with a Japanese message', async () => {
      const { client: operator } = await signedInMember(app.baseUrl, { role: 'operator' });
      const backwards = await operator.get('/api/moderation/analytics/daily?from=2026-02-02&to=2026-02-01');
      expect(backwards.status).toBe(400);
      expect(backwards.body).toMatchObject({ message: TEXTS.analytics.badRange });
      expect((await operator.get('/api/moderation/analytics/daily?from=2024-01-01&to=2026-01-01')).body).toMatchObject({ message: TEXTS.analytics.rangeTooLong });
      expect((await operator.get('/api/moderation/analytics/daily?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    });
  });

  it('names the routes most viewed over a long range and sums the rest of each day under その他, as counted directly', async () => {
    const from = '2020-03-01';
    const days = Array.from({ length: 40 }, (_, index) => addDays(from, index));
    const to = days.at(-1) ?? from;
    const paths = Array.from({ length: ANALYTICS_LIMITS.pathsInAnswer + 15 }, (_, index) => `/range-${String(index).padStart(2, '0')}`);
    // Each route's views vary by day (some days none), so the range's ranking differs from any one day's.
    const views = (pathIndex: number, dayIndex: number) => (pathIndex * 7 + dayIndex * 3) % 11;
    const rows = days.flatMap((day, dayIndex) => [
      ...paths.flatMap((dimension, pathIndex) => (views(pathIndex, dayIndex) ? [{ day, metric: 'page_view' as const, dimension, count: views(pathIndex, dayIndex) }] : [])),
      { day, metric: 'signups' as const, dimension: '', count: dayIndex },
      { day, metric: 'event' as const, dimension: 'report_create_submit', count: 2 },
    ]);
    await models().AnalyticsDaily.bulkCreate(rows);

    const { client: operator } = await signedInMember(app.baseUrl, { role: 'operator' });
    const res = await operator.get<AnalyticsDailyResponse>(`/api/moderation/analytics/daily?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const totals = new Map(paths.map((path, pathIndex) => [path, days.reduce((sum, _day, dayIndex) => sum + views(pathIndex, dayIndex), 0)]));
    const named = [...totals]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
      .slice(0, ANALYTICS_LIMITS.pathsInAnswer)
      .map(([path]) => path);
    expect(res.body.days.map((day) => day.date)).toEqual(days);
    res.body.days.forEach((day, dayIndex) => {
      const all = paths.reduce((sum, _path, pathIndex) => sum + views(pathIndex, dayIndex), 0);
      const expected: Record<string, number> = {};
      for (const path of named) if (views(paths.indexOf(path), dayIndex)) expected[path] = views(paths.indexOf(path), dayIndex);
      const rest = all - Object.values(expected).reduce((sum, count) => sum + count, 0);
      if (rest) expected[ANALYTICS_OTHER_PATHS] = rest;
      expect(day.pageViews).toBe(all);
      expect(day.pageViewsByPath).toEqual(expected);
      expect(day.signUps).toBe(dayIndex);
      expect(day.events).toEqual({ report_create_submit: 2 });
    });

    // One day alone names every route it had.
    const one = await operator.get<AnalyticsDailyResponse>(`/api/moderation/analytics/daily?from=${days[1]}&to=${days[1]}`);
    expect(one.body.days[0]?.pageViewsByPath).toEqual(Object.fromEntries(paths.flatMap((path, pathIndex) => (views(pathIndex, 1) ? [[path, views(pathIndex, 1)]] : []))));
  });

  it('names a route whose live views lift it into the top from beyond the stored candidates, with its stored days', async () => {
    const today = japanDay(new Date());
    const storedDays = [addDays(today, -4), addDays(today, -3), addDays(today, -2)];
    // 70 stored routes (more than are read per day): /s-00 has 70 views a day ... /s-69 one.
    const paths = Array.from({ length: 70 }, (_, index) => `/s-${String(index).padStart(2, '0')}`);
    await models().AnalyticsDaily.bulkCreate(
      storedDays.flatMap((day) => [
        ...paths.map((dimension, index) => ({ day, metric: 'page_view' as const, dimension, count: 70 - index })),
        { day, metric: 'page_view' as const, dimension: '/live-rising', count: 10 },
      ]),
    );
    // 160 views today: alone fewer than /s-09's 183 over the range, with its 30 stored ones more.
    for (let sent = 0; sent < 160; sent += 40) {
      expect((await beacon(JSON.stringify({ events: Array.from({ length: 40 }, () => ({ name: 'page_view', path: '/live-rising' })) }))).status).toBe(200);
    }
    const { client: operator } = await signedInMember(app.baseUrl, { role: 'operator' });
    const res = await operator.get<AnalyticsDailyResponse>(`/api/moderation/analytics/daily?from=${storedDays[0]}&to=${today}`);
    expect(res.status).toBe(200);
    const named = new Set(res.body.days.flatMap((day) => Object.keys(day.pageViewsByPath)));
    expect(named.has('/live-rising')).toBe(true);
    expect(named.has('/s-08')).toBe(true);
    expect(named.has('/s-09')).toBe(false);
    expect(res.body.days.map((day) => day.pageViewsByPath['/live-rising'] ?? 0)).toEqual([10, 10, 10, expect.any(Number), 160]);
    for (const day of res.body.days.slice(0, 3)) {
      expect(day.pageViews).toBe(paths.reduce((sum, _path, index) => sum + 70 - index, 0) + 10);
      expect(Object.values(day.pageViewsByPath).reduce((sum, views) => sum + views, 0)).toBe(day.pageViews);
    }
  });

  it('keeps daily totals after pruning raw events older than 90 days', async () => {
    const now = new Date();
    const oldDay = addDays(japanDay(now), -(ANALYTICS_LIMITS.rawRetentionDays + 1));
    const [oldStart] = japanDayRange(oldDay);
    await models().AnalyticsEvent.bulkCreate([
      { name: 'page_view', path: '/glossary', occurredAt: new Date(oldStart.getTime() + 3_600_000) },
      { name: 'page_view', path: '/glossary', occurredAt: new Date(oldStart.getTime() + 7_200_000) },
    ]);
    // An earlier round rolled that day up while its events were still inside the window.
    await rollUpDay(app.services, oldDay);

    const { pruned } = await maintainAnalytics(app.services, now);
    expect(pruned).toBe(2);
    expect(await models().AnalyticsEvent.count({ where: { path: '/glossary' } })).toBe(0);
    const { client: operator } = await signedInMember(app.baseUrl, { role: 'operator' });
    const res = await operator.get<AnalyticsDailyResponse>(`/api/moderation/analytics/daily?from=${oldDay}&to=${oldDay}`);
    expect(res.body.days[0]?.pageViewsByPath).toEqual({ '/glossary': 2 });
  });
  it('never replaces a purged day\'s stored totals with an empty day when that day is rolled up again', async () => {
    const now = new Date();
    const purgedDay = addDays(japanDay(now), -(ANALYTICS_LIMITS.rawRetentionDays + 3));
    const [start] = japanDayRange(purgedDay);
    await models().AnalyticsEvent.bulkCreate(
      ['/faq', '/faq', '/faq'].map((path, index) => ({ name: 'page_view', path, visitorId: `v${index}`, occurredAt: new Date(start.getTime() + (index + 1) * 3_600_000) })),
    );
    await rollUpDay(app.services, purgedDay, now);
    const joined = await createUser();
    await models().User.update({ createdAt: new Date(start.getTime() + 3_600_000) }, { where: { id: joined.id } });
    await maintainAnalytics(app.services, now);
    expect(await models().AnalyticsEvent.count({ where: { occurredAt: { [Op.gte]: start, [Op.lt]: japanDayRange(purgedDay)[1] } } })).toBe(0);

    // Re-run by hand (as an operator would after a fault) once its raw events are gone.
    await rollUpDay(app.services, purgedDay, now);
    const stored = async (metric: string) =>
      (await models().AnalyticsDaily.findAll({ where: { day: purgedDay, metric }, raw: true })).map((row) => [row.dimension, Number(row.count)]);
    expect(await stored('page_view')).toEqual([['/faq', 3]]);
    expect(await stored('visitors')).toEqual([['', 3]]);
    // What the community's own tables still say is counted again.
    expect(await stored('signups')).toEqual([['', 1]]);
  });
});
