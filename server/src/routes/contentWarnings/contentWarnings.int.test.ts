import {
  TEXTS,
  type AccountExport,
  type ContentWarningModerationResponse,
  type ContentWarningSettings,
  type ErrorBody,
  type ReportDetail,
  type ReportMutationResponse,
  type ReportPage,
  type ReportSearchResponse,
} from '@hiraku/shared';
import { QueryTypes } from 'sequelize';
import { createReport } from '../../../test/factories';
import { HttpClient } from '../../../test/support/httpClient';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../../test/support/reports';
import { drainOutbox } from '../../../test/support/searchOutbox';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { deleteAccount } from '../../commands/accountDeleter';
import { seedTaxonomy } from '../../seed/taxonomy';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';

/**
 * Content warnings (issue 37) over HTTP on MariaDB and Meilisearch: labels written with the form and
 * answered on every report answer, the member's settings (validation included), the operators' change
 * and lock, and each viewer choice on the read paths the API serves: the feed of every sort, search
 * through the engine, a member's profile list and the detail page; export and deletion.
 */
describe('content warnings over HTTP', () => {
  let app: TestApp;
  let worker: SearchOutboxWorker;
  let tags: SystemTags;
  let author: Awaited<ReturnType<typeof signedInMember>>;
  const word = `注意書き検索${Date.now()}`;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    worker = createSearchOutboxWorker(app.services);
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
    author = await signedInMember(app.baseUrl);
  });
  afterAll(() => app?.close());

  const sync = () => drainOutbox(worker, app.services.models);

  async function writeReport(warnings: string[], warningOther = ''): Promise<ReportDetail> {
    const sent = await sendReportForm<ReportMutationResponse>(author.client, 'POST', '/api/reports', [
      ...Object.entries({ title: `${word}${warnings.join('')}` }),
      ...publishableFormEntries(),
      ...warnings.map((key, i): [string, string] => [`warnings[${i}]`, key]),
      ['warningOther', warningOther],
    ]);
    expect(sent.status).toBe(201);
    return sent.body.report;
  }

  function publishableFormEntries(): Array<[string, string]> {
    const form = publishableForm(tags);
    const { title: _title, ...rest } = form;
    return (Object.entries(rest) as Array<[string, unknown]>).flatMap(([name, value]): Array<[string, string]> => {
      if (name === 'tools' || name === 'play') return [];
      if (Array.isArray(value)) return value.map((id, i): [string, string] => [`${name}[${i}]`, String(id)]);
      return [[name, String(value)]];
    });
  }

  it('the form writes labels; every answer carries them; その他 needs its text, unknown labels are refused', async () => {
    const report = await writeReport(['other', 'blood'], '火を使う');
    expect({ warnings: report.warnings, other: report.warningOther, locked: report.warningsLocked }).toEqual({ warnings: ['blood', 'other'], other: '火を使う', locked: false });
    const noText = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', [...publishableFormEntries(), ['title', 'a'], ['warnings[0]', 'other']]);
    expect([noText.status, noText.body.fields?.warningOther]).toEqual([400, TEXTS.contentWarnings.otherRequired]);
    const unknown = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', [...publishableFormEntries(), ['title', 'a'], ['warnings[0]', 'gore']]);
    expect(unknown.status).toBe(400);
    const tooLong = await sendReportForm<ErrorBody>(author.client, 'POST', '/api/reports', [...publishableFormEntries(), ['title', 'a'], ['warnings[0]', 'other'], ['warningOther', 'あ'.repeat(51)]]);
    expect([tooLong.status, tooLong.body.fields?.warningOther]).toEqual([400, TEXTS.contentWarnings.otherTooLong]);
    await sync();
    const feed = await author.client.get<ReportPage>('/api/reports/infinite?sort=new&limit=50');
    expect(feed.body.data.find((card) => card._id === report._id)).toMatchObject({ warnings: ['blood', 'other'], warningOther: '火を使う' });
  });

  it('settings: 警告 by default, saved per label, refused plainly when wrong, and members only', async () => {
    const member = await signedInMember(app.baseUrl);
    const initial = await member.client.get<ContentWarningSettings>('/api/content-warnings/settings');
    expect(initial.body).toEqual({ blood: 'warn', marks: 'warn', breath: 'warn', intense: 'warn', cnc: 'warn', scat: 'warn', other: 'warn' });
    const saved = await member.client.put<{ message: string; settings: ContentWarningSettings }>('/api/content-warnings/settings', { blood: 'hide', cnc: 'show' });
    expect([saved.status, saved.body.message, saved.body.settings.blood, saved.body.settings.cnc, saved.body.settings.marks]).toEqual([200, TEXTS.contentWarnings.settingsSaved, 'hide', 'show', 'warn']);
    for (const body of [{ blood: 'blur' }, { gore: 'hide' }]) {
      const refused = await member.client.put<ErrorBody>('/api/content-warnings/settings', body);
      expect([refused.status, refused.body.message]).toEqual([400, TEXTS.contentWarnings.settingsInvalid]);
    }
    // Not an object at all: refused before the schema, with the general message.
    expect((await member.client.put<ErrorBody>('/api/content-warnings/settings', 'hide')).status).toBe(400);
    expect((await member.client.get<ContentWarningSettings>('/api/content-warnings/settings')).body.blood).toBe('hide');
    expect((await new HttpClient(app.baseUrl).get('/api/content-warnings/settings')).status).toBe(401);
  });

  it('operators add, remove and lock labels from the case queue; members cannot; the author is refused a change', async () => {
    const operator = await signedInMember(app.baseUrl, { role: 'operator' });
    const report = await writeReport(['marks']);
    const path = `/api/moderation/reports/${report._id}/content-warnings`;
    const asMember = await author.client.put<ErrorBody>(path, { warnings: [], locked: false, reason: '理由' });
    expect(asMember.status).toBe(403);
    const noReason = await operator.client.put<ErrorBody>(path, { warnings: ['blood'], locked: true, reason: ' ' });
    expect(noReason.status).toBe(400);
    const set = await operator.client.put<ContentWarningModerationResponse>(path, { warnings: ['blood', 'intense'], locked: true, reason: '描写が強いため' });
    expect(set.body).toEqual({ message: TEXTS.contentWarnings.moderationSaved, changed: true, report: { id: report._id, warnings: ['blood', 'intense'], warningOther: null, warningsLocked: true } });
    const same = await operator.client.put<ContentWarningModerationResponse>(path, { warnings: ['intense', 'blood'], locked: true, reason: '描写が強いため' });
    expect([same.body.changed, same.body.message]).toEqual([false, TEXTS.contentWarnings.moderationUnchanged]);
    const detail = await author.client.get<ReportDetail>(`/api/reports/${report._id}`);
    expect([detail.body.warnings, detail.body.warningsLocked]).toEqual([['blood', 'intense'], true]);
    const edit = await sendReportForm<ErrorBody>(author.client, 'PUT', `/api/reports/${report._id}`, [...publishableFormEntries(), ['title', report.title]]);
    expect([edit.status, edit.body.message]).toEqual([400, TEXTS.contentWarnings.locked]);
    const kept = await sendReportForm<ReportMutationResponse>(author.client, 'PUT', `/api/reports/${report._id}`, [...publishableFormEntries(), ['title', report.title], ['warnings[0]', 'blood'], ['warnings[1]', 'intense']]);
    expect(kept.status).toBe(200);
    const audit = await app.services.models.AuditLog.count({ where: { action: 'report.content_warnings', targetId: String(report._id) } });
    expect(audit).toBe(1);
    const missing = await operator.client.put<ErrorBody>('/api/moderation/reports/999999999/content-warnings', { warnings: [], locked: false, reason: '理由' });
    expect(missing.status).toBe(404);
  });

  it('each viewer choice on every read path: 表示する and 警告 keep the report, 表示しない removes it, never from its author', async () => {
    const blood = await writeReport(['blood']);
    const plain = await writeReport([]);
    await sync();
    const viewers: Record<string, HttpClient> = {};
    for (const choice of ['show', 'warn', 'hide'] as const) {
      const member = await signedInMember(app.baseUrl);
      await member.client.put('/api/content-warnings/settings', { blood: choice });
      viewers[choice] = member.client;
    }
    const threeHidden = await signedInMember(app.baseUrl);
    await threeHidden.client.put('/api/content-warnings/settings', { blood: 'hide', breath: 'hide', scat: 'hide' });
    viewers.threeHidden = threeHidden.client;
    await author.client.put('/api/content-warnings/settings', { blood: 'hide' });
    viewers.author = author.client;

    async function seen(viewer: HttpClient, reportId: number) {
      const feeds = await Promise.all(['new', 'old', 'like'].map((sort) => viewer.get<ReportPage>(`/api/reports/infinite?sort=${sort}&limit=50`)));
      const search = await viewer.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: word })}`);
      expect(search.body.source).toBe('search');
      const profileList = await viewer.get<Array<{ _id: number }>>(`/api/reports?publicId=${author.user.publicId}`);
      return {
        feeds: feeds.map((feed) => feed.body.data.some((card) => card._id === reportId)),
        search: search.body.reports.some((card) => card._id === reportId),
        profile: profileList.body.some((card) => card._id === reportId),
        // Reached by its address, the report answers (the page covers it): only lists leave it out.
        detail: (await viewer.get(`/api/reports/${reportId}`)).status,
      };
    }
    const everywhere = { feeds: [true, true, true], search: true, profile: true, detail: 200 };
    const nowhere = { feeds: [false, false, false], search: false, profile: false, detail: 200 };
    const verdicts: Record<string, unknown> = {};
    for (const [name, viewer] of Object.entries(viewers)) verdicts[name] = { blood: await seen(viewer, blood._id), plain: await seen(viewer, plain._id) };
    expect(verdicts).toEqual({
      show: { blood: everywhere, plain: everywhere },
      warn: { blood: everywhere, plain: everywhere },
      hide: { blood: nowhere, plain: everywhere },
      threeHidden: { blood: nowhere, plain: everywhere },
      author: { blood: everywhere, plain: everywhere },
    });
  });

  it('export carries the member’s choices; deleting the account removes them', async () => {
    const member = await signedInMember(app.baseUrl);
    await member.client.put('/api/content-warnings/settings', { scat: 'hide', marks: 'show' });
    const exported = await member.client.get<AccountExport>('/api/account/export');
    expect(exported.body.contentWarningSettings).toMatchObject({ scat: 'hide', marks: 'show', blood: 'warn' });
    const count = async () =>
      Number((await app.services.sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM content_warning_settings WHERE user_id = ${member.user.id}`, { plain: true, type: QueryTypes.SELECT }))?.n ?? 0);
    expect(await count()).toBe(1);
    await deleteAccount(app.services, member.user.id);
    expect(await count()).toBe(0);
  });

  it('a report created without the field has no labels (older clients)', async () => {
    const report = await createReport({ title: `${word}古い` });
    const answer = await author.client.get<ReportDetail>(`/api/reports/${report.id}`);
    expect([answer.body.warnings, answer.body.warningOther, answer.body.warningsLocked]).toEqual([[], null, false]);
  });
});
