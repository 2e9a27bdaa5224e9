import {
  FLAG_CATEGORIES,
  LIMITS,
  TEXTS,
  type AppealResponse,
  type BulkResolveResponse,
  type CaseActionResponse,
  type CaseCounts,
  type CaseItem,
  type CasePage,
  type CommentItem,
  type ErrorBody,
  type FlagResponse,
  type MemberCaseHistory,
  type MemberDecision,
  type ReportPage,
  type ReportSearchResponse,
  type ReviewState,
} from '@hiraku/shared';
import { createReport } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { drainOutbox } from '../../../test/support/searchOutbox';
import { memberWithSession } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';
import type { Report, User } from '../../models';
import { seedTaxonomy } from '../../seed/taxonomy';

type Member = { client: HttpClient; user: User };
const HOUR_MS = 3600_000;

/**
 * Flags, the case queue and appeals (issue 18) through the real app on MariaDB, with the real search
 * engine for the read paths. Mail is not delivered, so the notices stay in the outbox to be read.
 */
describe('flags and cases', () => {
  let app: TestApp;
  let worker: SearchOutboxWorker;
  let operator: Member;
  let otherOperator: Member;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, deliverMail: false });
    await seedTaxonomy(app.services.models);
    worker = createSearchOutboxWorker(app.services);
    operator = await memberWithSession(app, { role: 'operator' });
    otherOperator = await memberWithSession(app, { role: 'operator' });
  });
  afterAll(() => app?.close());

  const models = () => app.services.models;
  const member = () => memberWithSession(app);
  const flag = (who: Member, targetType: string, targetId: string | number, category: string, note?: string) =>
    who.client.post<FlagResponse & ErrorBody>('/api/flags', { targetType, targetId, category, ...(note === undefined ? {} : { note }) });
  async function published(author: User, title = '確認用のレポート'): Promise<Report> {
    const report = await createReport({ author, title });
    await app.services.sequelize.transaction((transaction) => enqueueReportSearchSync(models(), [report.id], 'upsert', { transaction }));
    return report;
  }
  const openCase = (type: string, targetId: number) => models().ModerationCase.findOne({ where: { type, targetId, status: 'open' } });
  const caseOf = async (type: string, targetId: number): Promise<CaseItem> => {
    const found = await models().ModerationCase.findOne({ where: { type, targetId }, order: [['id', 'DESC']] });
    const page = await operator.client.get<CasePage>(`/api/moderation/cases?status=${found?.status ?? 'open'}&type=${type}`);
    const item = page.body.items.find((entry) => entry.id === found?.id);
    if (!item) throw new Error(`no case for ${type} ${targetId}`);
    return item;
  };
  const resolve = (id: number, action: string, reason = '確認しました', who: Member = operator, extra: object = {}) =>
    who.client.post<CaseActionResponse & ErrorBody>(`/api/moderation/cases/${id}/resolve`, { action, reason, ...extra });
  const outbox = (to: string) => models().MailOutboxEntry.findAll({ where: { recipient: to }, order: [['id', 'ASC']] });

  /** What another member sees of a report over every read path (feed, detail, search, author's list). */
  async function seenBy(viewer: HttpClient, report: Report, author: User) {
    await drainOutbox(worker, models());
    const feed = await viewer.get<ReportPage>('/api/reports/infinite?sort=new&limit=50');
    const search = await viewer.get<ReportSearchResponse>(`/api/reports/search/advanced?${new URLSearchParams({ query: report.title })}`);
    const theirs = await viewer.get<Array<{ _id: number }>>(`/api/reports?publicId=${author.publicId}`);
    return {
      inFeed: feed.body.data.some((item) => item._id === report.id),
      detail: (await viewer.get(`/api/reports/${report.id}`)).status,
      searched: search.body.reports.some((item) => item._id === report.id),
      listed: theirs.body.some((item) => item._id === report.id),
    };
  }
  const shown = { inFeed: true, detail: 200, searched: true, listed: true };
  const gone = { inFeed: false, detail: 404, searched: false, listed: false };

  it('takes a flag of every target type and category, refuses one\'s own, the unknown and the unseen', async () => {
    const author = await member();
    const flagger = await member();
    for (const [index, category] of FLAG_CATEGORIES.entries()) {
      const report = await createReport({ author: author.user, title: `種類${index}` });
      const comment = await models().Comment.create({ reportId: report.id, authorId: author.user.id, text: `コメント${index}` });
      const target = await memberWithSession(app);
      for (const [type, id] of [['report', report.id], ['comment', comment.id], ['member', target.user.publicId]] as const) {
        const res = await flag(flagger, type, id, category, 'メモです');
        expect([type, category, res.status, res.body]).toEqual([type, category, 200, { message: TEXTS.flag.received, updated: false }]);
      }
      expect((await openCase('report', report.id))?.category).toBe(category);
      expect((await openCase('comment', comment.id))?.category).toBe(category);
      expect((await openCase('member', target.user.id))?.category).toBe(category);
    }
    const own = await createReport({ author: flagger.user });
    for (const [type, id] of [['report', own.id], ['member', flagger.user.publicId]] as const) {
      const res = await flag(flagger, type, id, 'spam');
      expect([res.status, res.body.message]).toEqual([400, TEXTS.flag.ownContent]);
    }
    const draft = await createReport({ author: author.user, isDraft: true });
    expect((await flag(flagger, 'report', draft.id, 'spam')).status).toBe(404);
    expect((await flag(flagger, 'report', 999999999, 'spam')).status).toBe(404);
    expect((await flag(flagger, 'report', 'abc', 'spam')).status).toBe(404);
    expect((await flag(flagger, 'member', 'nobody-here', 'spam')).status).toBe(404);
    const badCategory = await flag(flagger, 'report', own.id, 'rude');
    expect([badCategory.status, badCategory.body.message]).toEqual([400, TEXTS.flag.categoryInvalid]);
    const longNote = await flag(flagger, 'report', own.id, 'spam', 'あ'.repeat(LIMITS.flagNoteMax + 1));
    expect([longNote.status, longNote.body.message]).toEqual([400, TEXTS.flag.noteTooLong]);
    expect(await models().ModerationCase.count({ where: { targetId: [own.id, draft.id] , type: 'report' } })).toBe(0);
  });

  it('counts one flag per member, takes the most severe category, and hides after 2 severe or 3 flaggers', async () => {
    const author = await member();
    const report = await published(author.user, '閾値の試験');
    const [a, b, c] = [await member(), await member(), await member()];
    expect((await flag(a, 'report', report.id, 'spam')).body.updated).toBe(false);
    const again = await flag(a, 'report', report.id, 'minor', '若く見えます');
    expect(again.body).toEqual({ message: TEXTS.flag.updated, updated: true });
    let item = await caseOf('report', report.id);
    expect(item).toMatchObject({ category: 'minor', flaggerCount: 1, flags: [{ flaggerPublicId: a.user.publicId, category: 'minor', note: '若く見えます' }] });
    expect(new Date(item.dueAt).getTime() - new Date(item.openedAt).getTime()).toBe(LIMITS.severeCaseDueHours * HOUR_MS);
    expect(await seenBy(c.client, report, author.user)).toEqual(shown);
    await flag(b, 'report', report.id, 'minor');
    expect(await seenBy(c.client, report, author.user)).toEqual(gone);
    expect((await author.client.get(`/api/reports/${report.id}`)).status).toBe(200);
    const state = await author.client.get<ReviewState>(`/api/decisions?targetType=report&targetId=${report.id}`);
    expect(state.body).toEqual({ underReview: true, decision: null });
    // Nobody else learns that it was flagged.
    expect((await c.client.get<ReviewState>(`/api/decisions?targetType=report&targetId=${report.id}`)).body).toEqual({ underReview: false, decision: null });

    // Others: three distinct flaggers; a member flagging twice counts once.
    const comment = await models().Comment.create({ reportId: (await createReport()).id, authorId: author.user.id, text: '宣伝です' });
    await flag(a, 'comment', comment.id, 'spam');
    await flag(a, 'comment', comment.id, 'spam');
    await flag(b, 'comment', comment.id, 'harassment');
    expect((await models().Comment.findByPk(comment.id))?.hiddenAt).toBeNull();
    item = await caseOf('comment', comment.id);
    expect(new Date(item.dueAt).getTime() - new Date(item.openedAt).getTime()).toBe(LIMITS.caseDueHours * HOUR_MS);
    await flag(c, 'comment', comment.id, 'spam');
    expect((await models().Comment.findByPk(comment.id))?.hiddenAt).toBeInstanceOf(Date);
    const list = await c.client.get<CommentItem[]>(`/api/comments?articleId=${comment.reportId}`);
    expect(list.body.map((entry) => entry._id)).not.toContain(comment.id);

    // A member: by suspension, pending review.
    const suspect = await member();
    await flag(a, 'member', suspect.user.publicId, 'minor');
    await flag(b, 'member', suspect.user.publicId, 'minor');
    expect((await models().User.findByPk(suspect.user.id))?.suspendedAt).toBeInstanceOf(Date);
    expect((await suspect.client.get('/api/reports/infinite')).status).toBe(401);
  });

  it('orders the queue by appeal, severity and age, pages it, filters it and counts open and overdue cases', async () => {
    const author = await member();
    const flagger = await member();
    const spamOld = await createReport({ author: author.user });
    const minorNew = await createReport({ author: author.user });
    const spamNew = await createReport({ author: author.user });
    await flag(flagger, 'report', spamOld.id, 'spam');
    await flag(flagger, 'report', minorNew.id, 'minor');
    await flag(flagger, 'report', spamNew.id, 'spam');
    const ids = [minorNew, spamOld, spamNew].map((report) => report.id);
    const all: CaseItem[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: CasePage } = await operator.client.get<CasePage>(`/api/moderation/cases?cursor=${cursor}`);
      all.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    const ours = all.filter((item) => item.type === 'report' && ids.includes(Number(item.target.id))).map((item) => Number(item.target.id));
    expect(ours).toEqual(ids);
    const priorities = all.map((item) => (item.type === 'appeal' ? -1 : FLAG_CATEGORIES.indexOf(item.category)));
    expect(priorities).toEqual([...priorities].sort((x, y) => x - y));
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);

    const spam = await caseOf('report', spamOld.id);
    expect(spam.overdue).toBe(false);
    const before = (await operator.client.get<CaseCounts>('/api/moderation/cases/counts')).body;
    // Time passes: the case's due time is now behind us.
    await models().ModerationCase.update({ dueAt: new Date(Date.now() - 1000) }, { where: { id: spam.id } });
    const after = (await operator.client.get<CaseCounts>('/api/moderation/cases/counts')).body;
    expect(after).toEqual({ ...before, overdue: before.overdue + 1 });
    const overdue = await operator.client.get<CasePage>('/api/moderation/cases?overdue=true');
    expect(overdue.body.items.map((item) => item.id)).toContain(spam.id);
    expect(overdue.body.items.every((item) => item.overdue)).toBe(true);
    const minorOnly = await operator.client.get<CasePage>('/api/moderation/cases?category=minor&type=report');
    expect(minorOnly.body.items.every((item) => item.category === 'minor' && item.type === 'report')).toBe(true);
    expect((await operator.client.get<ErrorBody>('/api/moderation/cases?category=rude')).status).toBe(400);
    expect((await operator.client.get<ErrorBody>('/api/moderation/cases?cursor=zz')).status).toBe(400);
  });

  it('claims, releases and notes a case; notes never reach members', async () => {
    const author = await member();
    const flagger = await member();
    const report = await createReport({ author: author.user });
    await flag(flagger, 'report', report.id, 'harassment');
    const { id } = await caseOf('report', report.id);
    const claim = await operator.client.post<CaseActionResponse>(`/api/moderation/cases/${id}/claim`);
    expect(claim.body).toMatchObject({ changed: true, message: TEXTS.moderation.cases.caseClaimed, item: { claimedBy: { publicId: operator.user.publicId } } });
    expect((await operator.client.post<CaseActionResponse>(`/api/moderation/cases/${id}/claim`)).body.changed).toBe(false);
    const taken = await otherOperator.client.post<ErrorBody>(`/api/moderation/cases/${id}/claim`);
    expect([taken.status, taken.body.message]).toEqual([409, TEXTS.moderation.cases.caseClaimedByOther]);
    const mine = await operator.client.get<CasePage>('/api/moderation/cases?claimed=me');
    expect(mine.body.items.map((item) => item.id)).toContain(id);
    const unclaimed = await operator.client.get<CasePage>('/api/moderation/cases?claimed=no');
    expect(unclaimed.body.items.map((item) => item.id)).not.toContain(id);

    const note = await operator.client.post<CaseActionResponse>(`/api/moderation/cases/${id}/notes`, { text: '画像を要確認' });
    expect([note.status, note.body.item.notes.map((entry) => [entry.author?.publicId, entry.text])]).toEqual([201, [[operator.user.publicId, '画像を要確認']]]);
    const empty = await operator.client.post<ErrorBody>(`/api/moderation/cases/${id}/notes`, { text: '  ' });
    expect([empty.status, empty.body.message]).toEqual([400, TEXTS.moderation.cases.noteRequired]);
    const released = await otherOperator.client.post<CaseActionResponse>(`/api/moderation/cases/${id}/release`);
    expect(released.body).toMatchObject({ changed: true, item: { claimedBy: null } });
    expect((await operator.client.post<CaseActionResponse>(`/api/moderation/cases/${id}/release`)).body.changed).toBe(false);
    for (const path of [`/api/reports/${report.id}`, `/api/decisions?targetType=report&targetId=${report.id}`]) {
      expect(JSON.stringify((await author.client.get(path)).body)).not.toContain('画像を要確認');
    }
    expect(await models().AuditLog.count({ where: { action: ['case.claim', 'case.release', 'case.note'], targetId: String(id) } })).toBe(3);
  });

  it('decides each action with its effect on the read paths, its audit row and its notices, in one transaction', async () => {
    const author = await member();
    const viewer = await member();
    const [a, b] = [await member(), await member()];

    // dismiss: what the flags hid comes back; the flaggers hear "問題なし".
    const dismissed = await published(author.user, '却下される縄');
    await flag(a, 'report', dismissed.id, 'obscene');
    await flag(b, 'report', dismissed.id, 'obscene');
    expect(await seenBy(viewer.client, dismissed, author.user)).toEqual(gone);
    const dismissCase = await caseOf('report', dismissed.id);
    const mailsBefore = (await outbox(a.user.email)).length;
    expect((await resolve(dismissCase.id, 'dismiss')).body).toMatchObject({ changed: true, item: { status: 'closed', decision: { action: 'dismiss' } } });
    expect(await seenBy(viewer.client, dismissed, author.user)).toEqual(shown);
    const toFlagger = (await outbox(a.user.email)).slice(mailsBefore);
    // The flagger is told by notification, which the daily digest mails (issue 38; flagOutcomeDigest.int.test.ts): no mail per case.
    expect(toFlagger).toEqual([]);
    expect((await outbox(author.user.email)).filter((mail) => mail.kind === 'decision')).toEqual([]);
    // The same decision again changes nothing; another one is refused.
    expect((await resolve(dismissCase.id, 'dismiss')).body.changed).toBe(false);
    expect((await resolve(dismissCase.id, 'hide')).status).toBe(409);
    expect(await models().AuditLog.count({ where: { action: 'case.dismiss', targetId: String(dismissed.id) } })).toBe(1);

    // hide: gone for others; the author is told with the category and the reason and a link to appeal.
    const hidden = await published(author.user, '隠される縄');
    await flag(a, 'report', hidden.id, 'nonConsensual');
    const hideCase = await caseOf('report', hidden.id);
    await resolve(hideCase.id, 'hide', '同意の確認が取れません');
    expect(await seenBy(viewer.client, hidden, author.user)).toEqual(gone);
    const told = (await outbox(author.user.email)).filter((mail) => mail.kind === 'decision').at(-1);
    expect(told?.body).toContain(TEXTS.flag.categories.nonConsensual.label);
    expect(told?.body).toContain('同意の確認が取れません');
    expect(told?.body).toContain(`/decisions/${hideCase.id}`);

    // delete: a comment leaves everyone, its author included.
    const base = await published(author.user, 'コメントの場');
    const comment = await models().Comment.create({ reportId: base.id, authorId: author.user.id, text: '消されるコメント' });
    await flag(a, 'comment', comment.id, 'harassment');
    await resolve((await caseOf('comment', comment.id)).id, 'delete');
    for (const who of [author, viewer, operator]) {
      expect((await who.client.get<CommentItem[]>(`/api/comments?articleId=${base.id}`)).body.map((entry) => entry._id)).not.toContain(comment.id);
    }

    // warn: a strike; the content stays.
    const warned = await published(author.user, '警告される縄');
    await flag(a, 'report', warned.id, 'solicitation');
    await resolve((await caseOf('report', warned.id)).id, 'warn', '勧誘はお控えください');
    expect(await seenBy(viewer.client, warned, author.user)).toEqual(shown);
    expect(await models().Strike.count({ where: { userId: author.user.id, revokedAt: null } })).toBe(1);

    // A decision that fails (an operator cannot be suspended) leaves nothing: no change, no audit row, no notice.
    const operatorsReport = await published(otherOperator.user, '運営者の縄');
    await flag(a, 'report', operatorsReport.id, 'spam');
    const failing = await caseOf('report', operatorsReport.id);
    const queued = await models().MailOutboxEntry.count();
    expect((await resolve(failing.id, 'suspend')).status).toBe(409);
    expect(await models().MailOutboxEntry.count()).toBe(queued);
    expect((await models().Report.findByPk(operatorsReport.id))?.hiddenAt).toBeNull();
    expect((await models().ModerationCase.findByPk(failing.id))?.status).toBe('open');

    // suspend: the content hidden, the author out at once, until given.
    const until = new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString();
    const suspended = await published(author.user, '停止される縄');
    await flag(b, 'report', suspended.id, 'obscene');
    await resolve((await caseOf('report', suspended.id)).id, 'suspend', '重大な違反', operator, { until });
    expect((await author.client.get('/api/reports/infinite')).status).toBe(401);
    expect((await models().User.findByPk(author.user.id))?.suspendedUntil?.toISOString()).toBe(until);
    expect(await seenBy(viewer.client, warned, author.user)).toMatchObject({ inFeed: false, detail: 404 });

    // A member cannot be "deleted".
    const someone = await member();
    await flag(a, 'member', someone.user.publicId, 'spam');
    const memberCase = await caseOf('member', someone.user.id);
    expect((await resolve(memberCase.id, 'delete')).status).toBe(400);
    expect((await resolve(memberCase.id, 'overturn')).status).toBe(400);
  });

  it('stops reopening a harmless case until the content is edited', async () => {
    const author = await member();
    const report = await createReport({ author: author.user });
    const [a, b] = [await member(), await member()];
    await flag(a, 'report', report.id, 'spam');
    const first = await caseOf('report', report.id);
    await resolve(first.id, 'harmless', '問題ありません');
    await flag(b, 'report', report.id, 'spam');
    expect(await openCase('report', report.id)).toBeNull();
    expect(await models().Flag.count({ where: { caseId: first.id } })).toBe(2);
    // An edit of the report makes it new content: the next flag opens a case.
    await models().Report.update({ title: '書き直し', updatedAt: new Date(Date.now() + 1000) }, { where: { id: report.id } });
    await flag(b, 'report', report.id, 'spam');
    expect((await openCase('report', report.id))?.id).toBeGreaterThan(first.id);
  });

  it('bulk-resolves all or nothing', async () => {
    const author = await member();
    const flagger = await member();
    const reports = [await published(author.user, '一括1'), await published(author.user, '一括2'), await published(author.user, '一括3')];
    for (const report of reports) await flag(flagger, 'report', report.id, 'spam');
    const ids = await Promise.all(reports.map(async (report) => (await caseOf('report', report.id)).id));
    const closed = await createReport({ author: author.user });
    await flag(flagger, 'report', closed.id, 'spam');
    const closedId = (await caseOf('report', closed.id)).id;
    await resolve(closedId, 'dismiss');

    const refused = await operator.client.post<ErrorBody>('/api/moderation/cases/bulk-resolve', { ids: [...ids, closedId], action: 'hide', reason: 'スパム' });
    expect([refused.status, refused.body.message]).toEqual([409, TEXTS.moderation.cases.bulkNotOpen]);
    const missing = await operator.client.post<ErrorBody>('/api/moderation/cases/bulk-resolve', { ids: [...ids, 999999999], action: 'hide', reason: 'スパム' });
    expect(missing.status).toBe(404);
    expect(await models().ModerationCase.count({ where: { id: ids, status: 'open' } })).toBe(3);
    expect(await models().Report.count({ where: { id: reports.map((r) => r.id), hiddenAt: null } })).toBe(3);
    const tooMany = await operator.client.post<ErrorBody>('/api/moderation/cases/bulk-resolve', { ids: Array.from({ length: LIMITS.caseBulkMax + 1 }, (_, i) => i + 1), action: 'dismiss', reason: 'x' });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, TEXTS.moderation.cases.bulkIdsInvalid]);
    expect((await operator.client.post<ErrorBody>('/api/moderation/cases/bulk-resolve', { ids, action: 'suspend', reason: 'x' })).status).toBe(400);

    const done = await operator.client.post<BulkResolveResponse>('/api/moderation/cases/bulk-resolve', { ids, action: 'dismiss', reason: 'スパムではない' });
    expect(done.body).toEqual({ message: TEXTS.moderation.cases.bulkResolved, changed: true, ids: [...ids].sort((x, y) => x - y) });
    expect(await models().ModerationCase.count({ where: { id: ids, status: 'closed', decision: 'dismiss' } })).toBe(3);
  });

  it('lets the author appeal once within the window; the appeal tops the queue; overturning restores, upholding keeps', async () => {
    const author = await member();
    const stranger = await member();
    const viewer = await member();
    const [a, b] = [await member(), await member()];
    const report = await published(author.user, '異議の縄');
    await flag(a, 'report', report.id, 'minor');
    await flag(b, 'report', report.id, 'minor');
    const decided = await caseOf('report', report.id);
    await resolve(decided.id, 'hide', '未成年に見えます');

    const decision = await author.client.get<MemberDecision>(`/api/decisions/${decided.id}`);
    expect(decision.body).toMatchObject({ caseId: decided.id, category: 'minor', action: 'hide', reason: '未成年に見えます', canAppeal: true, appeal: null });
    expect((await stranger.client.get(`/api/decisions/${decided.id}`)).status).toBe(404);
    expect((await operator.client.get(`/api/decisions/${decided.id}`)).status).toBe(404);
    expect((await author.client.get<ReviewState>(`/api/decisions?targetType=report&targetId=${report.id}`)).body).toMatchObject({ underReview: false, decision: { caseId: decided.id } });

    expect((await stranger.client.post('/api/appeals', { caseId: decided.id, text: '違います' })).status).toBe(404);
    const empty = await author.client.post<ErrorBody>('/api/appeals', { caseId: decided.id, text: ' ' });
    expect([empty.status, empty.body.message]).toEqual([400, TEXTS.flag.appealTextRequired]);
    const filed = await author.client.post<AppealResponse>('/api/appeals', { caseId: decided.id, text: '全員成人です。確認書類があります。' });
    expect([filed.status, filed.body.message, filed.body.decision.canAppeal]).toEqual([201, TEXTS.flag.appealFiled, false]);
    const twice = await author.client.post<ErrorBody>('/api/appeals', { caseId: decided.id, text: 'もう一度' });
    expect([twice.status, twice.body.message]).toEqual([409, TEXTS.flag.appealAlreadyFiled]);

    const queue = await operator.client.get<CasePage>('/api/moderation/cases');
    expect(queue.body.items[0]).toMatchObject({ type: 'appeal', appeal: { ofCaseId: decided.id, action: 'hide', text: '全員成人です。確認書類があります。' } });
    const appealId = queue.body.items[0]?.id ?? 0;
    expect((await resolve(appealId, 'hide', '確認しました', otherOperator)).status).toBe(400);
    // The operator who hid it may not decide the appeal (issue 38); another operator does.
    const refused = await resolve(appealId, 'overturn', '成人と確認しました');
    expect([refused.status, refused.body.message]).toEqual([403, TEXTS.moderation.rules.appealSameOperator]);
    expect((await resolve(appealId, 'overturn', '成人と確認しました', otherOperator)).status).toBe(200);
    expect(await seenBy(viewer.client, report, author.user)).toEqual(shown);
    const outcome = (await outbox(author.user.email)).at(-1);
    expect(outcome?.body).toContain(TEXTS.flag.mail.overturned);
    expect((await author.client.get<MemberDecision>(`/api/decisions/${decided.id}`)).body.appeal).toMatchObject({ outcome: 'overturn' });

    // Upheld: nothing changes. Too late: refused. A dismissal is no decision against the author.
    const kept = await published(author.user, '維持の縄');
    await flag(a, 'report', kept.id, 'spam');
    const keptCase = await caseOf('report', kept.id);
    await resolve(keptCase.id, 'hide');
    await author.client.post('/api/appeals', { caseId: keptCase.id, text: 'お願いします' });
    const keptAppeal = await models().ModerationCase.findOne({ where: { appealOfCaseId: keptCase.id } });
    await resolve(keptAppeal?.id ?? 0, 'uphold', '維持します', otherOperator);
    expect(await seenBy(viewer.client, kept, author.user)).toEqual(gone);
    expect((await outbox(author.user.email)).at(-1)?.body).toContain(TEXTS.flag.mail.upheld);

    const late = await published(author.user, '期限切れの縄');
    await flag(a, 'report', late.id, 'spam');
    const lateCase = await caseOf('report', late.id);
    await resolve(lateCase.id, 'hide');
    await models().ModerationCase.update({ closedAt: new Date(Date.now() - (LIMITS.appealWindowDays * 24 + 1) * HOUR_MS) }, { where: { id: lateCase.id } });
    const tooLate = await author.client.post<ErrorBody>('/api/appeals', { caseId: lateCase.id, text: '遅れました' });
    expect([tooLate.status, tooLate.body.message]).toEqual([400, TEXTS.flag.appealTooLate]);

    const fine = await published(author.user, '問題なしの縄');
    await flag(a, 'report', fine.id, 'spam');
    const fineCase = await caseOf('report', fine.id);
    await resolve(fineCase.id, 'dismiss');
    const notAdverse = await author.client.post<ErrorBody>('/api/appeals', { caseId: fineCase.id, text: '念のため' });
    expect([notAdverse.status, notAdverse.body.message]).toEqual([400, TEXTS.flag.appealNotAllowed]);
  });

  it('keeps a member\'s whole history: cases, strikes, suspensions, appeals, notes', async () => {
    const author = await member();
    const flagger = await member();
    const first = await createReport({ author: author.user });
    await flag(flagger, 'report', first.id, 'harassment');
    const warnCase = await caseOf('report', first.id);
    await operator.client.post(`/api/moderation/cases/${warnCase.id}/notes`, { text: '二度目なら停止' });
    await resolve(warnCase.id, 'warn', '言葉遣いに注意');
    await author.client.post('/api/appeals', { caseId: warnCase.id, text: '誤解です' });
    await flag(flagger, 'member', author.user.publicId, 'harassment');
    await resolve((await caseOf('member', author.user.id)).id, 'suspend', '繰り返し');

    const history = await operator.client.get<MemberCaseHistory>(`/api/moderation/members/${author.user.publicId}/history`);
    expect(history.body.member).toMatchObject({ publicId: author.user.publicId, suspended: true });
    expect(history.body.cases.map((entry) => [entry.targetType, entry.decision])).toEqual([
      ['member', 'suspend'],
      ['report', 'warn'],
    ]);
    expect(history.body.strikes).toMatchObject([{ caseId: warnCase.id, reason: '言葉遣いに注意', revokedAt: null }]);
    expect(history.body.suspensions).toMatchObject([{ reason: '繰り返し', until: null }]);
    expect(history.body.appeals).toMatchObject([{ caseId: warnCase.id, text: '誤解です', outcome: null }]);
    expect(history.body.notes).toMatchObject([{ caseId: warnCase.id, text: '二度目なら停止' }]);
    const anyCase = await caseOf('member', author.user.id);
    expect(anyCase.author?.history).toEqual({ earlierCases: 1, strikes: 1, suspensions: 1 });
    expect((await operator.client.get('/api/moderation/members/nobody-here/history')).status).toBe(404);
  });

  it('answers anonymous callers 401, suspended members 401 and members 403 on the operators\' endpoints; members may flag and appeal', async () => {
    const someone = await member();
    const suspended = await member();
    await suspended.user.update({ suspendedAt: new Date() });
    const report = await createReport();
    const anonymous = createHttpClient(app.baseUrl);
    const operatorCalls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/moderation/cases'],
      ['GET', '/api/moderation/cases/counts'],
      ['POST', '/api/moderation/cases/1/claim'],
      ['POST', '/api/moderation/cases/1/release'],
      ['POST', '/api/moderation/cases/1/notes', { text: 'メモ' }],
      ['POST', '/api/moderation/cases/1/resolve', { action: 'dismiss', reason: '理由' }],
      ['POST', '/api/moderation/cases/bulk-resolve', { ids: [1], action: 'dismiss', reason: '理由' }],
      ['GET', `/api/moderation/members/${someone.user.publicId}/history`],
    ];
    const memberCalls: Array<['GET' | 'POST', string, unknown?]> = [
      ['POST', '/api/flags', { targetType: 'report', targetId: report.id, category: 'spam' }],
      ['GET', '/api/decisions/1'],
      ['GET', `/api/decisions?targetType=report&targetId=${report.id}`],
      ['POST', '/api/appeals', { caseId: 1, text: '異議' }],
    ];
    const send = (client: HttpClient, [method, path, body]: ['GET' | 'POST', string, unknown?]) =>
      method === 'GET' ? client.get<ErrorBody>(path) : client.post<ErrorBody>(path, body);
    const casesBefore = await models().ModerationCase.count();
    for (const call of [...operatorCalls, ...memberCalls]) {
      expect([call[1], (await send(anonymous, call)).status]).toEqual([call[1], 401]);
      expect([call[1], (await send(suspended.client, call)).status]).toEqual([call[1], 401]);
    }
    for (const call of operatorCalls) {
      const res = await send(someone.client, call);
      expect([call[1], res.status, res.body.message]).toEqual([call[1], 403, TEXTS.common.operatorsOnly]);
    }
    expect(await models().ModerationCase.count()).toBe(casesBefore);
    for (const call of [...operatorCalls, ...memberCalls]) {
      const res = await send(operator.client, call);
      expect([call[1], res.status < 500 && res.status !== 401 && res.status !== 403]).toEqual([call[1], true]);
    }
    expect((await send(someone.client, memberCalls[0] as ['POST', string, unknown])).status).toBe(200);
  });
  it('has an appeal decided by another operator; a single-operator site may override with a reason, audited', async () => {
    const author = await member();
    const report = await published(author.user, '自己審査の縄');
    await flag(await member(), 'report', report.id, 'spam');
    const decided = await caseOf('report', report.id);
    await resolve(decided.id, 'hide', '宣伝です');
    await author.client.post('/api/appeals', { caseId: decided.id, text: '宣伝ではありません' });
    const appeal = await models().ModerationCase.findOne({ where: { appealOfCaseId: decided.id } });
    const appealId = appeal?.id ?? 0;

    const same = await resolve(appealId, 'uphold', '維持します');
    expect([same.status, same.body.message]).toEqual([403, TEXTS.moderation.rules.appealSameOperator]);
    // With another operator on the site, the override is refused too, and nothing changed.
    const notAlone = await resolve(appealId, 'uphold', '維持します', operator, { selfReviewReason: '急ぎのため' });
    expect([notAlone.status, notAlone.body.message]).toEqual([409, TEXTS.moderation.rules.selfReviewNotAlone]);
    expect((await models().ModerationCase.findByPk(appealId))?.status).toBe('open');
    expect(await models().AuditLog.count({ where: { action: 'appeal.uphold', targetId: String(decided.id) } })).toBe(0);

    // Alone as operator: the override with its reason decides it, and the audit row keeps the reason.
    const others = await models().User.findAll({ where: { role: 'operator' }, attributes: ['id'] });
    await models().User.update({ role: 'member' }, { where: { id: others.map((other) => other.id).filter((id) => id !== operator.user.id) } });
    try {
      const tooLong = await resolve(appealId, 'uphold', '維持します', operator, { selfReviewReason: 'あ'.repeat(LIMITS.moderationReasonMax + 1) });
      expect([tooLong.status, tooLong.body.message]).toEqual([400, TEXTS.moderation.rules.selfReviewReasonTooLong]);
      const alone = await resolve(appealId, 'uphold', '維持します', operator, { selfReviewReason: '運営者が一人だけのため' });
      expect(alone.status).toBe(200);
      const row = await models().AuditLog.findOne({ where: { action: 'appeal.uphold', targetId: String(decided.id) } });
      expect([row?.actorId, row?.details]).toEqual([operator.user.id, expect.objectContaining({ caseId: appealId, selfReview: '運営者が一人だけのため' })]);
    } finally {
      await models().User.update({ role: 'operator' }, { where: { id: others.map((other) => other.id) } });
    }
  });
  it('削除 removes a report for good (row, image files, search document), keeps the case\'s record and says so exactly', async () => {
    const author = await member();
    const viewer = await member();
    const flagger = await member();
    const report = await published(author.user, '完全削除の縄');
    const keys = [`reports/del${report.id}m.webp`, `reports/del${report.id}t.webp`, `reports/del${report.id}p.webp`];
    for (const key of keys) await app.services.storage.put(key, Buffer.from('image bytes'), 'image/webp');
    await report.update({ mainImageKey: keys[0], thumbnailKey: keys[1], imagePreviewKey: keys[2] });
    expect(await seenBy(viewer.client, report, author.user)).toEqual(shown);
    await flag(flagger, 'report', report.id, 'nonConsensual');
    const decided = await caseOf('report', report.id);

    expect((await resolve(decided.id, 'delete', '同意のない画像です')).status).toBe(200);
    // Gone for everyone, its author included: no page, no edit, no files, no search document.
    expect(await seenBy(viewer.client, report, author.user)).toEqual(gone);
    expect((await author.client.get(`/api/reports/${report.id}`)).status).toBe(404);
    expect(await models().Report.findByPk(report.id)).toBeNull();
    for (const key of keys) expect(await app.services.storage.get(key)).toBeNull();
    const closed = await models().ModerationCase.findByPk(decided.id);
    expect([closed?.decision, closed?.removedTitle, closed?.contentRemovedAt instanceof Date]).toEqual(['delete', '完全削除の縄', true]);
    const audit = await models().AuditLog.findOne({ where: { action: 'report.delete', targetId: String(report.id) } });
    expect(audit?.details).toMatchObject({ caseId: decided.id });

    // The mail says it was erased for good; the decision page still names it.
    const told = (await outbox(author.user.email)).filter((mail) => mail.kind === 'decision').at(-1);
    expect(told?.body).toContain(TEXTS.flag.mail.effects.report.delete);
    expect(told?.body).toContain('「完全削除の縄」');
    const page = await author.client.get<MemberDecision>(`/api/decisions/${decided.id}`);
    expect(page.body.target).toEqual({ type: 'report', id: String(report.id), title: '完全削除の縄', path: null });

    // An appeal overturned by another operator cannot bring it back, and the mail says that too.
    await author.client.post('/api/appeals', { caseId: decided.id, text: '同意は得ています' });
    const appeal = await models().ModerationCase.findOne({ where: { appealOfCaseId: decided.id } });
    expect((await resolve(appeal?.id ?? 0, 'overturn', '同意を確認しました', otherOperator)).status).toBe(200);
    expect(await models().Report.findByPk(report.id)).toBeNull();
    expect((await outbox(author.user.email)).at(-1)?.body).toContain(`${TEXTS.flag.mail.overturned}${TEXTS.flag.mail.overturnEffects.delete}`);
  });

  it('削除 erases a comment\'s text; hiding is told as hiding, not as deletion', async () => {
    const author = await member();
    const flagger = await member();
    const base = await published(author.user, 'コメント削除の場');
    const comment = await models().Comment.create({ reportId: base.id, authorId: author.user.id, text: '完全に消されるコメント' });
    await flag(flagger, 'comment', comment.id, 'harassment');
    const commentCase = await caseOf('comment', comment.id);
    await resolve(commentCase.id, 'delete', '嫌がらせです');
    const erased = await models().Comment.findByPk(comment.id);
    expect([erased?.text, erased?.deletedAt instanceof Date]).toEqual(['', true]);
    expect((await models().ModerationCase.findByPk(commentCase.id))?.removedTitle).toBe('完全に消されるコメント');
    expect((await outbox(author.user.email)).at(-1)?.body).toContain(TEXTS.flag.mail.effects.comment.delete);

    const hiddenOne = await published(author.user, '非表示だけの縄');
    await flag(flagger, 'report', hiddenOne.id, 'spam');
    await resolve((await caseOf('report', hiddenOne.id)).id, 'hide', '宣伝です');
    const told = (await outbox(author.user.email)).at(-1)?.body ?? '';
    expect(told).toContain(TEXTS.flag.mail.effects.report.hide);
    expect(told).not.toContain('削除');
    expect((await author.client.get(`/api/reports/${hiddenOne.id}`)).status).toBe(200);
  });
});
