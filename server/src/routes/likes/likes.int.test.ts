import { TEXTS, RATE_RULES, type ErrorBody, type LikeInfo, type LikeToggleResponse, type ReportLikeCounts } from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { QueryTypes } from 'sequelize';
import type { Models, User } from '../../models';

type Toggle = LikeToggleResponse & ErrorBody;

describe('likes API', () => {
  let app: TestApp;
  let models: Models;
  let member: { client: HttpClient; user: User };

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    models = app.services.models;
    member = await signedInMember(app.baseUrl);
  });
  afterAll(() => app?.close());

  const toggle = (client: HttpClient, reportId: number, body?: { liked: boolean }) => client.post<Toggle>(`/api/likes/${reportId}/toggle`, body);
  const rowsOf = (reportId: number) => models.Like.count({ where: { reportId } });
  const storedCount = async (reportId: number) => (await models.Report.findByPk(reportId))?.likeCount;

  it('toggles a like on and off and reports the state', async () => {
    const report = await createReport();
    const on = await toggle(member.client, report.id);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ liked: true, likeCount: 1 });
    expect((await member.client.get<LikeInfo>(`/api/likes/${report.id}`)).body).toEqual({ likeCount: 1, isLiked: true });

    const someoneElse = await signedInMember(app.baseUrl);
    expect((await someoneElse.client.get<LikeInfo>(`/api/likes/${report.id}`)).body).toEqual({ likeCount: 1, isLiked: false });

    const off = await toggle(member.client, report.id);
    expect(off.body).toEqual({ liked: false, likeCount: 0 });
    expect(await rowsOf(report.id)).toBe(0);
    expect(await storedCount(report.id)).toBe(0);

    const outbox = await models.SearchOutboxEntry.findAll({ where: { aggregateType: 'report', aggregateId: String(report.id) } });
    expect(outbox.map((entry) => entry.operation)).toEqual(['upsert', 'upsert']);
  });

  it('sets the asked-for state when told, so a repeated request changes nothing', async () => {
    const report = await createReport();
    expect((await toggle(member.client, report.id, { liked: true })).body).toEqual({ liked: true, likeCount: 1 });
    expect((await toggle(member.client, report.id, { liked: true })).body).toEqual({ liked: true, likeCount: 1 });
    expect(await rowsOf(report.id)).toBe(1);
    expect((await toggle(member.client, report.id, { liked: false })).body).toEqual({ liked: false, likeCount: 0 });
    expect((await toggle(member.client, report.id, { liked: false })).body).toEqual({ liked: false, likeCount: 0 });
    const bad = await member.client.post<ErrorBody>(`/api/likes/${report.id}/toggle`, { liked: 'yes' });
    expect(bad.status).toBe(400);
  });

  it("refuses a like of one's own report with a clear message", async () => {
    const report = await createReport({ author: member.user });
    const res = await toggle(member.client, report.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TEXTS.like.ownReport);
    expect(await rowsOf(report.id)).toBe(0);
    expect(await storedCount(report.id)).toBe(0);
  });

  it('answers 404 for drafts, hidden reports, reports of suspended members and unknown ids', async () => {
    const author = await createUser();
    const draft = await createReport({ author, isDraft: true });
    const hidden = await createReport({ author, hiddenAt: new Date(), listed: false });
    const suspended = await createReport({ author: await createUser({ suspendedAt: new Date() }), listed: false });
    for (const id of [draft.id, hidden.id, suspended.id, 99_999_999]) {
      const res = await toggle(member.client, id);
      expect(res.status).toBe(404);
      expect(await rowsOf(id)).toBe(0);
    }
    expect((await member.client.get(`/api/likes/${draft.id}`)).status).toBe(404);
    expect((await member.client.post('/api/likes/abc/toggle')).status).toBe(404);
    // The author of a draft may read its (zero) likes but not like it.
    const own = await createReport({ author: member.user, isDraft: true });
    expect((await member.client.get<LikeInfo>(`/api/likes/${own.id}`)).body).toEqual({ likeCount: 0, isLiked: false });
    const ownToggle = await toggle(member.client, own.id);
    expect(ownToggle.status).toBe(404);
    expect(ownToggle.body.message).toBe(TEXTS.like.notFound);
  });

  it('notes the like count each like makes, for the like-sorted feed (report_like_levels)', async () => {
    const report = await createReport({ author: await createUser() });
    const [first, second] = await Promise.all([signedInMember(app.baseUrl), signedInMember(app.baseUrl)]);
    const levels = async () =>
      (await app.services.sequelize.query<{ level: number; reached_at: Date }>('SELECT level, reached_at FROM report_like_levels WHERE report_id = ? ORDER BY level', {
        replacements: [report.id],
        type: QueryTypes.SELECT,
      })).map((row) => ({ level: Number(row.level), at: new Date(row.reached_at).getTime() }));

    await first.client.post(`/api/likes/${report.id}/toggle`);
    await second.client.post(`/api/likes/${report.id}/toggle`);
    const twoLikes = await levels();
    expect(twoLikes.map((row) => row.level)).toEqual([1, 2]);
    // An unlike notes nothing; the next like reaches level 2 again, later.
    await first.client.post(`/api/likes/${report.id}/toggle`);
    expect(await levels()).toEqual(twoLikes);
    const again = await first.client.post<{ liked: boolean; likeCount: number }>(`/api/likes/${report.id}/toggle`);
    expect(again.body).toEqual({ liked: true, likeCount: 2 });
    const after = await levels();
    expect(after.map((row) => row.level)).toEqual([1, 2]);
    expect(after[1]?.at).toBeGreaterThanOrEqual(twoLikes[1]?.at ?? Number.POSITIVE_INFINITY);
    expect((await app.services.models.Report.findByPk(report.id))?.likeCount).toBe(2);
  });

  it('needs a signed-in member', async () => {
    const report = await createReport();
    const anonymous = createHttpClient(app.baseUrl);
    expect((await toggle(anonymous, report.id)).status).toBe(401);
    expect((await anonymous.get(`/api/likes/${report.id}`)).status).toBe(401);
  });

  it('keeps like_count equal to the rows when 50 members toggle at the same moment', async () => {
    const report = await createReport();
    const members = await Promise.all(Array.from({ length: 50 }, () => signedInMember(app.baseUrl)));
    // Half of them had liked it already: their toggles unlike it.
    for (const m of members.slice(0, 25)) await toggle(m.client, report.id);
    expect(await storedCount(report.id)).toBe(25);

    const answers = await Promise.all(members.map((m) => toggle(m.client, report.id)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(answers.filter((res) => res.body.liked)).toHaveLength(25);
    expect(await rowsOf(report.id)).toBe(25);
    expect(await storedCount(report.id)).toBe(25);
    const likedNow = new Set(members.slice(25).map((m) => m.user.id));
    const rows = await models.Like.findAll({ where: { reportId: report.id } });
    expect(new Set(rows.map((row) => row.userId))).toEqual(likedNow);

    // Everyone at once again, each asking for "liked": exactly 50, however the requests interleave.
    await Promise.all(members.map((m) => toggle(m.client, report.id, { liked: true })));
    expect(await rowsOf(report.id)).toBe(50);
    expect(await storedCount(report.id)).toBe(50);
    expect((await member.client.get<LikeInfo>(`/api/likes/${report.id}`)).body.likeCount).toBe(50);
  });

  it('keeps the count exact when one member double-submits', async () => {
    const report = await createReport();
    await Promise.all(Array.from({ length: 6 }, () => toggle(member.client, report.id, { liked: true })));
    expect(await rowsOf(report.id)).toBe(1);
    expect(await storedCount(report.id)).toBe(1);
  });

  it('lists like counts of listed reports only, optionally for given ids', async () => {
    const author = await createUser();
    const a = await createReport({ author, likeCount: 3 });
    const b = await createReport({ author, likeCount: 0 });
    const draft = await createReport({ author, isDraft: true });
    const hidden = await createReport({ author, hiddenAt: new Date(), listed: false, likeCount: 9 });
    const all = await member.client.get<ReportLikeCounts>('/api/likes/report-counts');
    expect(all.status).toBe(200);
    expect(all.body[String(a.id)]).toBe(3);
    expect(all.body[String(b.id)]).toBe(0);
    expect(all.body[String(draft.id)]).toBeUndefined();
    expect(all.body[String(hidden.id)]).toBeUndefined();
    const some = await member.client.get<ReportLikeCounts>(`/api/likes/report-counts?ids=${a.id},${draft.id},${hidden.id}`);
    expect(some.body).toEqual({ [String(a.id)]: 3 });
    expect((await member.client.get('/api/likes/report-counts?ids=1,x')).status).toBe(400);
  });
});

describe('likes API rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('slows a member who toggles too fast, with the Japanese message and Retry-After', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const report = await createReport();
    for (let i = 0; i < RATE_RULES.likeToggle.limit; i++) expect((await client.post(`/api/likes/${report.id}/toggle`)).status).toBe(200);
    const res = await client.post<ErrorBody>(`/api/likes/${report.id}/toggle`);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: 'rate_limited', message: TEXTS.like.tooFast });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other members are not slowed by it.
    const other = await signedInMember(app.baseUrl);
    expect((await other.client.post(`/api/likes/${report.id}/toggle`)).status).toBe(200);
  });
});
