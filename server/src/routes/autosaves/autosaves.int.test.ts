import { LIMITS, TEXTS, newReportFormValues, type ReportAutosave, type ReportAutosaveSummary, type ReportAutosaveValues } from '@hiraku/shared';
import { createReport } from '../../../test/factories';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { createHttpClient } from '../../../test/support/httpClient';

type Saved = { autosave: ReportAutosaveSummary };

/** The form's values as typed, half-written rows and all (issue 39). */
function typed(title: string, description = '縄を解くまで、ずっと声をかけ合いました。\n  続きはあとで書く'): ReportAutosaveValues {
  const { imageConsent: _c, imageMosaic: _m, ...values } = { ...newReportFormValues(), title, description };
  return values;
}

/** The report form's autosave over HTTP on MariaDB: the caller's own rows only, as typed, resumable anywhere. */
describe('report autosaves', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
  });
  afterAll(() => app?.close());

  it('keeps what is typed, untrimmed and unfinished, and another session of the member resumes it', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const created = await client.post<Saved>('/api/report-autosaves', { reportId: null, values: typed('  初めての縄 ') });
    expect(created.status).toBe(201);
    expect(created.body.autosave).toEqual({ id: expect.any(Number), reportId: null, title: '初めての縄', updatedAt: expect.any(String) });
    const id = created.body.autosave.id;

    const later = typed('初めての縄と蝋燭', '書き足した');
    const updated = await client.put<Saved>(`/api/report-autosaves/${id}`, { values: later });
    expect(updated.status).toBe(200);
    expect(Date.parse(updated.body.autosave.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.autosave.updatedAt));

    // Another device: a new login of the same member.
    const other = createHttpClient(app.baseUrl);
    await other.post('/api/auth/login', { email: user.email, password: user.password });
    const list = await other.get<{ autosaves: ReportAutosaveSummary[] }>('/api/report-autosaves');
    expect(list.body.autosaves.map((row) => [row.id, row.title])).toEqual([[id, '初めての縄と蝋燭']]);
    const one = await other.get<ReportAutosave>(`/api/report-autosaves/${id}`);
    expect(one.status).toBe(200);
    expect(one.body.values).toEqual(later);
    expect(one.headers.get('cache-control')).toContain('no-store');
  });

  it('holds several reports at once, newest first, and one per edited report', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const first = await client.post<Saved>('/api/report-autosaves', { reportId: null, values: typed('一つ目') });
    const second = await client.post<Saved>('/api/report-autosaves', { reportId: null, values: typed('二つ目') });
    const report = await createReport({ author: user, title: '公開済み' });
    const edit = await client.post<Saved>('/api/report-autosaves', { reportId: report.id, values: typed('公開済みの直し') });
    const again = await client.post<Saved>('/api/report-autosaves', { reportId: report.id, values: typed('公開済みの直し2') });
    expect(again.body.autosave.id).toBe(edit.body.autosave.id);
    const list = await client.get<{ autosaves: ReportAutosaveSummary[] }>('/api/report-autosaves');
    expect(list.body.autosaves.map((row) => [row.title, row.reportId])).toEqual([
      ['公開済みの直し2', report.id],
      ['二つ目', null],
      ['一つ目', null],
    ]);
    expect(new Set([first.body.autosave.id, second.body.autosave.id, edit.body.autosave.id]).size).toBe(3);
  });

  it("never shows, changes or removes another member's rows, nor saves for another's report", async () => {
    const owner = await signedInMember(app.baseUrl);
    const stranger = await signedInMember(app.baseUrl);
    const { body } = await owner.client.post<Saved>('/api/report-autosaves', { reportId: null, values: typed('ひみつ') });
    const path = `/api/report-autosaves/${body.autosave.id}`;
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await stranger.client.put(path, { values: typed('上書き') })).status).toBe(404);
    expect((await stranger.client.delete(path)).status).toBe(404);
    expect((await stranger.client.get<{ autosaves: unknown[] }>('/api/report-autosaves')).body.autosaves).toEqual([]);
    const theirs = await createReport({ author: owner.user });
    const refused = await stranger.client.post('/api/report-autosaves', { reportId: theirs.id, values: typed('なりすまし') });
    expect(refused.status).toBe(404);
    expect((await owner.client.get<ReportAutosave>(path)).body.values.title).toBe('ひみつ');
    expect((await createHttpClient(app.baseUrl).get('/api/report-autosaves')).status).toBe(401);
  });

  it('refuses values beyond the form limits in Japanese and changes nothing', async () => {
    const { client } = await signedInMember(app.baseUrl);
    const { body } = await client.post<Saved>('/api/report-autosaves', { reportId: null, values: typed('元のまま') });
    const tooLong = await client.put<{ message: string }>(`/api/report-autosaves/${body.autosave.id}`, { values: typed('あ'.repeat(LIMITS.reportTitleMax + 1)) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(TEXTS.autosave.invalid);
    const wrongShape = await client.post<{ message: string }>('/api/report-autosaves', { reportId: null, values: { title: 3 } });
    expect(wrongShape.status).toBe(400);
    const list = await client.get<{ autosaves: ReportAutosaveSummary[] }>('/api/report-autosaves');
    expect(list.body.autosaves.map((row) => row.title)).toEqual(['元のまま']);
  });

  it(`holds at most ${LIMITS.reportAutosavesMax} at once, and discarding one makes room`, async () => {
    const { client } = await signedInMember(app.baseUrl);
    const ids: number[] = [];
    for (let i = 0; i < LIMITS.reportAutosavesMax; i += 1) ids.push((await client.post<Saved>('/api/report-autosaves', { reportId: null, values: typed(`下書き${i}`) })).body.autosave.id);
    const full = await client.post<{ message: string }>('/api/report-autosaves', { reportId: null, values: typed('入らない') });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(TEXTS.autosave.tooMany(LIMITS.reportAutosavesMax));
    const removed = await client.delete<{ message: string }>(`/api/report-autosaves/${ids[0]}`);
    expect(removed.body.message).toBe(TEXTS.autosave.removed);
    expect((await client.get(`/api/report-autosaves/${ids[0]}`)).status).toBe(404);
    expect((await client.post('/api/report-autosaves', { reportId: null, values: typed('入る') })).status).toBe(201);
  });

  it('goes with the report it edits', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const report = await createReport({ author: user });
    const { body } = await client.post<Saved>('/api/report-autosaves', { reportId: report.id, values: typed('消える直し') });
    expect((await client.delete(`/api/reports/${report.id}`)).status).toBe(200);
    expect((await client.get(`/api/report-autosaves/${body.autosave.id}`)).status).toBe(404);
  });
});
