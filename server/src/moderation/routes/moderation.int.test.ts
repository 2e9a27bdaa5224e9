import {
  TEXTS,
  type AuditLogPage,
  type CommentItem,
  type CaseActionResponse,
  type CaseCounts,
  type CaseItem,
  type CasePage,
  type ErrorBody,
  type LikeInfo,
  type MemberModerationResponse,
  type MemberSearchResponse,
  type ReportLikeCounts,
  type ReportModerationResponse,
  type ReportPage,
  type ReportSearchResponse,
} from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { drainOutbox } from '../../../test/support/searchOutbox';
import { logIn, signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';
import type { Report, User } from '../../models';
import { seedTaxonomy } from '../../seed/taxonomy';

type Signed = { client: HttpClient; user: User & { password: string } };

/**
 * /api/moderation/* through the real app: who may call it, and what each action does to everything a
 * member reads over HTTP (feed, detail, search through the real Meilisearch, public profile, like
 * counts, comments), and to sessions and logins.
 */
describe('moderation API', () => {
  let app: TestApp;
  let worker: SearchOutboxWorker;
  let operator: Signed;
  let member: Signed;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    worker = createSearchOutboxWorker(app.services);
    operator = await signedInMember(app.baseUrl, { role: 'operator' });
    member = await signedInMember(app.baseUrl);
  });
  afterAll(() => app?.close());

  const post = <T>(client: HttpClient, path: string, body: unknown) => client.post<T & ErrorBody>(`/api/moderation${path}`, body);
  const sync = () => drainOutbox(worker, app.services.models);
  /** A published report as the report form would leave it: in the database and queued for the index. */
  async function publishedReport(overrides: Parameters<typeof createReport>[0]): Promise<Report> {
    const report = await createReport(overrides);
    await app.services.sequelize.transaction((transaction) => enqueueReportSearchSync(app.services.models, [report.id], 'upsert', { transaction }));
    return report;
  }

  it('answers anonymous callers 401 and members 403 on every endpoint, in Japanese', async () => {
    const report = await createReport();
    const target = await createUser();
    const endpoints: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/cases'],
      ['POST', '/cases/1/resolve', { action: 'dismiss', reason: '理由' }],
      ['POST', `/reports/${report.id}/hide`, { reason: '理由' }],
      ['POST', `/reports/${report.id}/unhide`, { reason: '理由' }],
      ['POST', `/users/${target.publicId}/suspend`, { reason: '理由' }],
      ['POST', `/users/${target.publicId}/unsuspend`, { reason: '理由' }],
      ['POST', `/users/${target.publicId}/role`, { role: 'member', reason: '理由' }],
      ['GET', '/users?query=a'],
      ['GET', '/audit-log'],
    ];
    const anonymous = createHttpClient(app.baseUrl);
    for (const [method, path, body] of endpoints) {
      const call = (client: HttpClient) =>
        method === 'GET' ? client.get<ErrorBody>(`/api/moderation${path}`) : client.post<ErrorBody>(`/api/moderation${path}`, body);
      const anon = await call(anonymous);
      expect([path, anon.status, anon.body.message]).toEqual([path, 401, TEXTS.common.unauthorized]);
      const asMember = await call(member.client);
      expect([path, asMember.status, asMember.body.message]).toEqual([path, 403, TEXTS.common.operatorsOnly]);
      const asOperator = await call(operator.client);
      expect([path, asOperator.status < 400 || asOperator.status === 404]).toEqual([path, true]);
    }
    // The members' calls changed nothing and left no trace.
    expect((await app.services.models.Report.findByPk(report.id))?.hiddenAt).toBeNull();
    expect(await app.services.models.AuditLog.count({ where: { actorId: member.user.id } })).toBe(0);
  });

  it('refuses bad input with a Japanese message and changes nothing', async () => {
    const report = await createReport();
    const noReason = await post<ReportModerationResponse>(operator.client, `/reports/${report.id}/hide`, { reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(TEXTS.moderation.reasonRequired);
    const tooLong = await post<ReportModerationResponse>(operator.client, `/reports/${report.id}/hide`, { reason: 'あ'.repeat(501) });
    expect(tooLong.body.message).toBe(TEXTS.moderation.reasonTooLong);
    const badAction = await post<CaseActionResponse>(operator.client, '/cases/1/resolve', { action: 'ban', reason: '理由' });
    expect(badAction.status).toBe(400);
    const missing = await post<ReportModerationResponse>(operator.client, '/reports/999999999/hide', { reason: '理由' });
    expect([missing.status, missing.body.message]).toEqual([404, TEXTS.report.notFound]);
    const badCursor = await operator.client.get<ErrorBody>('/api/moderation/audit-log?cursor=xyz');
    expect(badCursor.status).toBe(400);
    expect((await app.services.models.Report.findByPk(report.id))?.hiddenAt).toBeNull();
  });

  /** What a member other than the author sees of `report` and its author over HTTP. */
  async function seenBy(viewer: HttpClient, report: Report, author: User, word: string) {
    await sync();
    const feed = await viewer.get<ReportPage>('/api/reports/infinite?sort=new&limit=50');
    const detail = await viewer.get(`/api/reports/${report.id}`);
    const search = await viewer.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: word })}`);
    const profile = await viewer.get(`/api/profile/${author.publicId}`);
    const theirList = await viewer.get<unknown[]>(`/api/reports?publicId=${author.publicId}`);
    const counts = await viewer.get<ReportLikeCounts>(`/api/likes/report-counts?ids=${report.id}`);
    expect(search.body.source).toBe('search');
    return {
      inFeed: feed.body.data.some((item) => item._id === report.id),
      detail: detail.status,
      searched: search.body.reports.map((item) => item._id),
      profile: profile.status,
      listed: theirList.body.length,
      likeCount: counts.body[String(report.id)] ?? null,
    };
  }

  it('hides a report from every read path but its author and operators, and shows it again exactly', async () => {
    const author = await signedInMember(app.baseUrl);
    const word = '非表示試験の縄';
    const report = await publishedReport({ author: author.user, title: word });
    const fan = await signedInMember(app.baseUrl);
    await fan.client.post(`/api/likes/${report.id}/toggle`, { liked: true });
    const shown = { inFeed: true, detail: 200, searched: [report.id], profile: 200, listed: 1, likeCount: 1 };
    expect(await seenBy(member.client, report, author.user, word)).toEqual(shown);

    const hidden = await post<ReportModerationResponse>(operator.client, `/reports/${report.id}/hide`, { reason: '通報を確認' });
    expect(hidden.body).toEqual({ message: TEXTS.moderation.reportHidden, changed: true, report: { id: report.id, isHidden: true } });
    expect(await seenBy(member.client, report, author.user, word)).toEqual({ inFeed: false, detail: 404, searched: [], profile: 200, listed: 0, likeCount: null });
    expect((await author.client.get(`/api/reports/${report.id}`)).status).toBe(200);
    expect((await operator.client.get(`/api/reports/${report.id}`)).status).toBe(200);
    expect((await fan.client.get<LikeInfo>(`/api/likes/${report.id}`)).status).toBe(404);
    const again = await post<ReportModerationResponse>(operator.client, `/reports/${report.id}/hide`, { reason: '二度目' });
    expect(again.body).toMatchObject({ changed: false, message: TEXTS.moderation.reportAlreadyHidden });

    const unhidden = await post<ReportModerationResponse>(operator.client, `/reports/${report.id}/unhide`, { reason: '問題なし' });
    expect(unhidden.body.changed).toBe(true);
    expect(await seenBy(member.client, report, author.user, word)).toEqual(shown);
    const log = await operator.client.get<AuditLogPage>(`/api/moderation/audit-log?actor=${operator.user.publicId}`);
    expect(log.body.entries.filter((entry) => entry.target.id === String(report.id)).map((entry) => [entry.action, entry.reason])).toEqual([
      ['report.unhide', '問題なし'],
      ['report.hide', '通報を確認'],
    ]);
    expect(log.body.entries[0]?.actor?.publicId).toBe(operator.user.publicId);
  });

  it('suspends a member: logged out at once, login refused, everything they wrote gone until lifted', async () => {
    const suspect = await signedInMember(app.baseUrl);
    const otherDevice = createHttpClient(app.baseUrl);
    await logIn(otherDevice, suspect.user.email, suspect.user.password);
    const word = '停止試験の蝋燭';
    const report = await publishedReport({ author: suspect.user, title: word });
    const othersReport = await createReport();
    await suspect.client.post(`/api/likes/${othersReport.id}/toggle`, { liked: true });
    const posted = await suspect.client.post<CommentItem>('/api/comments', { articleId: othersReport.id, text: '停止前のコメント' });
    expect(posted.status).toBe(201);
    const shown = await seenBy(member.client, report, suspect.user, word);
    expect(shown).toMatchObject({ inFeed: true, searched: [report.id], profile: 200 });
    const commentsOf = async (client: HttpClient) => (await client.get<CommentItem[]>(`/api/comments?articleId=${othersReport.id}`)).body.map((c) => c._id);
    const likesOf = async () => (await member.client.get<LikeInfo>(`/api/likes/${othersReport.id}`)).body.likeCount;
    expect(await commentsOf(member.client)).toEqual([posted.body._id]);
    expect(await likesOf()).toBe(1);

    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const suspended = await post<MemberModerationResponse>(operator.client, `/users/${suspect.user.publicId}/suspend`, { reason: '規約違反', until });
    expect(suspended.status).toBe(200);
    expect(suspended.body.member).toMatchObject({ publicId: suspect.user.publicId, suspendedUntil: until, role: 'member' });
    expect(JSON.stringify(suspended.body)).not.toContain(suspect.user.email);

    expect((await suspect.client.get('/api/reports/infinite')).status).toBe(401);
    expect((await otherDevice.get('/api/reports/infinite')).status).toBe(401);
    expect((await suspect.client.post('/api/auth/refresh')).status).not.toBe(200);
    const login = await createHttpClient(app.baseUrl).post<ErrorBody>('/api/auth/login', { email: suspect.user.email, password: suspect.user.password });
    expect([login.status, login.body.message]).toEqual([403, TEXTS.account.accountSuspended]);
    expect(await seenBy(member.client, report, suspect.user, word)).toEqual({ inFeed: false, detail: 404, searched: [], profile: 404, listed: 0, likeCount: null });
    expect(await commentsOf(member.client)).toEqual([]);
    expect(await commentsOf(operator.client)).toEqual([posted.body._id]);
    expect(await likesOf()).toBe(0);

    const found = await operator.client.get<MemberSearchResponse>(`/api/moderation/users?query=${suspect.user.publicId}`);
    expect(found.body.members[0]).toMatchObject({ publicId: suspect.user.publicId, suspendedUntil: until, reportCount: 1, commentCount: 1 });

    const lifted = await post<MemberModerationResponse>(operator.client, `/users/${suspect.user.publicId}/unsuspend`, { reason: '異議を認めた' });
    expect(lifted.body).toMatchObject({ changed: true, member: { suspendedAt: null, suspendedUntil: null } });
    expect(await seenBy(member.client, report, suspect.user, word)).toEqual(shown);
    expect(await commentsOf(member.client)).toEqual([posted.body._id]);
    expect(await likesOf()).toBe(1);
    await logIn(createHttpClient(app.baseUrl), suspect.user.email, suspect.user.password);
  });

  it('lets a suspension with an end run out: the member logs in again and their content returns', async () => {
    const suspect = await signedInMember(app.baseUrl);
    const word = '期限付き停止の首輪';
    const report = await publishedReport({ author: suspect.user, title: word });
    const until = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    await post(operator.client, `/users/${suspect.user.publicId}/suspend`, { reason: '一週間の停止', until });
    expect((await seenBy(member.client, report, suspect.user, word)).inFeed).toBe(false);
    // The end is reached (moved into the past rather than waited for).
    await app.services.models.User.update({ suspendedUntil: new Date(Date.now() - 1000) }, { where: { id: suspect.user.id } });
    await logIn(createHttpClient(app.baseUrl), suspect.user.email, suspect.user.password);
    expect(await seenBy(member.client, report, suspect.user, word)).toMatchObject({ inFeed: true, detail: 200, searched: [report.id], profile: 200 });
    const log = await operator.client.get<AuditLogPage>('/api/moderation/audit-log?action=user.suspension_end');
    expect(log.body.entries[0]).toMatchObject({ actor: null, target: { type: 'user', id: suspect.user.publicId } });
  });

  it('works flagged comments through their cases: three flags hide a comment, dismiss restores it, delete and suspend remove it', async () => {
    const report = await createReport();
    const writers = [await signedInMember(app.baseUrl), await signedInMember(app.baseUrl)];
    const reporters = [await signedInMember(app.baseUrl), await signedInMember(app.baseUrl), await signedInMember(app.baseUrl)];
    const write = async (who: Signed, text: string) => (await who.client.post<CommentItem>('/api/comments', { articleId: report.id, text })).body._id;
    const [first, second, third] = [await write(writers[0] as Signed, '一つ目'), await write(writers[0] as Signed, '二つ目'), await write(writers[1] as Signed, '三つ目')];
    // POST /api/comments/{id}/report stays as the comment menu's way to flag: it opens the comment's case.
    for (const id of [first, second, third]) {
      for (const reporter of reporters) expect((await reporter.client.post(`/api/comments/${id}/report`, { reason: '不快です' })).status).toBe(200);
    }
    const visible = async () => (await member.client.get<CommentItem[]>(`/api/comments?articleId=${report.id}`)).body.map((c) => c._id);
    expect(await visible()).toEqual([]);

    const ourCases = async (status: 'open' | 'closed') => {
      const found: CaseItem[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/moderation/cases?status=${status}&type=comment${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await operator.client.get<CasePage>(query);
        found.push(...page.body.items.filter((item) => item.target.type === 'comment' && [first, second, third].includes(Number(item.target.id))));
        cursor = page.body.nextCursor;
      } while (cursor);
      return found.sort((a, b) => a.id - b.id);
    };
    const open = await ourCases('open');
    expect(open.map((item) => Number(item.target.id))).toEqual([first, second, third]);
    expect(open[0]).toMatchObject({ status: 'open', author: { publicId: writers[0]?.user.publicId }, flaggerCount: 3 });
    expect(open[0]?.flags.map((entry) => [entry.flaggerPublicId, entry.note])).toEqual(reporters.map((r) => [r.user.publicId, '不快です']));
    const counts = await operator.client.get<CaseCounts>('/api/moderation/cases/counts');
    expect(counts.body.open).toBeGreaterThanOrEqual(3);

    const caseOf = (commentId: number) => open.find((item) => Number(item.target.id) === commentId)?.id ?? 0;
    const resolve = (commentId: number, action: string) => post<CaseActionResponse>(operator.client, `/cases/${caseOf(commentId)}/resolve`, { action, reason: '確認済み' });
    const dismissed = await resolve(first, 'dismiss');
    expect(dismissed.body).toMatchObject({ changed: true, message: TEXTS.moderation.cases.resolved, item: { status: 'closed', decision: { action: 'dismiss' } } });
    expect(await visible()).toEqual([first]);
    expect((await resolve(first, 'dismiss')).body.changed).toBe(false);
    expect((await resolve(second, 'delete')).body.item.decision?.action).toBe('delete');
    expect((await (writers[0] as Signed).client.get<CommentItem[]>(`/api/comments?articleId=${report.id}`)).body.map((c) => c._id)).toEqual([first]);
    const suspended = await resolve(third, 'suspend');
    expect(suspended.body.item).toMatchObject({ decision: { action: 'suspend' }, author: { suspended: true } });
    expect(((await (writers[1] as Signed).client.get('/api/reports/infinite')).status)).toBe(401);
    expect(await visible()).toEqual([first]);

    const closed = await ourCases('closed');
    expect(closed.map((item) => item.decision?.action)).toEqual(['dismiss', 'delete', 'suspend']);
    expect((await ourCases('open')).length).toBe(0);
    const log = await operator.client.get<AuditLogPage>('/api/moderation/audit-log');
    const actions = log.body.entries.map((entry) => entry.action);
    expect(actions.slice(0, 4)).toEqual(['user.suspend', 'comment.delete', 'comment.delete', 'comment.dismiss_reports']);
  });

  it('promotes and demotes, never the acting operator nor the last one', async () => {
    const candidate = await createUser();
    const promoted = await post<MemberModerationResponse>(operator.client, `/users/${candidate.publicId}/role`, { role: 'operator', reason: '運営に参加' });
    expect(promoted.body.member.role).toBe('operator');
    const self = await post<MemberModerationResponse>(operator.client, `/users/${operator.user.publicId}/role`, { role: 'member', reason: '辞任' });
    expect([self.status, self.body.message]).toEqual([400, TEXTS.moderation.cannotChangeOwnRole]);
    expect((await post<MemberModerationResponse>(operator.client, `/users/${candidate.publicId}/role`, { role: 'member', reason: '任期終了' })).body.member.role).toBe('member');

    // Alone again as operator: stepping down would leave the community without one.
    await app.services.models.User.update({ role: 'member' }, { where: { role: 'operator' } });
    await app.services.models.User.update({ role: 'operator' }, { where: { id: operator.user.id } });
    const last = await post<MemberModerationResponse>(operator.client, `/users/${operator.user.publicId}/role`, { role: 'member', reason: '辞任' });
    expect([last.status, last.body.message]).toEqual([409, TEXTS.moderation.lastOperator]);
    expect((await app.services.models.User.findByPk(operator.user.id))?.role).toBe('operator');
  });
  it('shows the audit log\'s targets by name with a link, not by bare id (issue 38)', async () => {
    const author = await signedInMember(app.baseUrl);
    const report = await createReport({ author: author.user, title: '名前で出る縄' });
    await post(operator.client, `/reports/${report.id}/hide`, { reason: '確認のため' });
    await post(operator.client, `/users/${author.user.publicId}/suspend`, { reason: '確認のため' });
    const log = await operator.client.get<AuditLogPage>(`/api/moderation/audit-log?actor=${operator.user.publicId}`);
    const [suspended, hidden] = log.body.entries;
    expect(hidden?.target).toEqual({ type: 'report', id: String(report.id), label: '名前で出る縄', path: `/reports/${report.id}` });
    expect(suspended?.target).toEqual({ type: 'user', id: author.user.publicId, label: author.user.profile.username, path: `/profile/${author.user.publicId}` });
    // Gone: the entry stays, without a name or a link.
    await app.services.models.Report.destroy({ where: { id: report.id } });
    const after = await operator.client.get<AuditLogPage>(`/api/moderation/audit-log?actor=${operator.user.publicId}&action=report.hide`);
    expect(after.body.entries[0]?.target).toEqual({ type: 'report', id: String(report.id), label: null, path: null });
  });
});
