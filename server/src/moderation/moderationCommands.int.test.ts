import { LIMITS } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { createOperator, createReport, createUser, type UserWithProfile } from '../../test/factories';
import { commentFlagCount } from '../../test/support/flags';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { hashPassword } from '../auth/password';
import { checkCredentials } from '../auth/credentials';
import { createLoginThrottle } from '../auth/loginThrottle';
import { createLogger } from '../logger';
import { createMemoryRateLimiter } from '../rateLimit/rateLimiter';
import type { Models, Report } from '../models';
import { authorizeReport } from '../policies/report';
import { dashboardStats } from '../routes/profile/dashboardStats';
import { searchReportsInDatabase } from '../search/databaseFallbackSearch';
import { loadPopularKeywordSources } from '../search/popularKeywords';
import { buildReportDocuments } from '../search/reportDocumentBuilder';
import { loadListedCards } from '../commands/reportCards';
import { recordSearchQuery } from '../search/searchLog';
import { visibleCommentsWhere } from '../visibility';
import { createCategory } from '../commands/categoryWriter';
import { createComment } from '../commands/commentCreator';
import { reportComment } from '../commands/commentReporter';
import { toggleLike } from '../commands/likeToggler';
import { loadReportFeed } from '../commands/reportFeedLoader';
import { loadAuditLog } from './auditLogReader';
import { resolveCase } from './caseResolver';
import { searchMembers } from './memberDirectory';
import { endDueSuspensions, suspendMember, unsuspendMember } from './memberSuspender';
import { setReportHidden } from './reportHider';
import { changeRole } from './roleChanger';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The moderation commands on both databases the server runs on. Each action's effect is checked on
 * the read paths the commands do not own (feed, search, counters, comments, popular keywords), so a
 * read path that forgot the visibility module fails here.
 */
describe.each(TEST_BACKENDS)('moderation commands on %s', (name, open) => {
  let db: TestBackend;
  let operator: UserWithProfile;
  let deps: { models: Models; sequelize: Sequelize };

  beforeAll(async () => {
    db = await open();
    deps = { models: db.models, sequelize: db.sequelize };
    operator = await createOperator();
  });
  afterAll(() => db?.drop());

  const tx = <T>(work: (transaction: Transaction) => Promise<T>): Promise<T> => db.sequelize.transaction(work);
  const auditRows = (action: string, targetId: string | number) => db.models.AuditLog.count({ where: { action, targetId: String(targetId) } });
  const feedIds = async () => (await loadReportFeed(deps, { sort: 'new', limit: LIMITS.pageSizeMax })).reports.map((r) => r.id);
  const searchableIds = async (ids: number[]) => (await loadListedCards(db.sequelize, ids)).map((r) => r.id);
  const fallbackIds = async (query: string) =>
    (await searchReportsInDatabase(db.sequelize, { query, filters: {}, sort: 'new', limit: 50, offset: 0 })).ids;
  const documentIds = async (ids: number[]) => (await buildReportDocuments(db.models, ids)).map((d) => d.id);
  const counters = async (report: Report) => {
    const fresh = await db.models.Report.findByPk(report.id);
    return { likes: fresh?.likeCount, comments: fresh?.commentCount, listed: fresh?.listed };
  };
  const loadForPolicy = async (report: Report) => {
    const loaded = await db.models.Report.findByPk(report.id, { include: [{ model: db.models.User, as: 'author' }] });
    if (!loaded?.author) throw new Error('report gone');
    return { authorId: loaded.authorId, isDraft: loaded.isDraft, hiddenAt: loaded.hiddenAt, authorSuspended: loaded.author.suspendedAt !== null, audience: 'members' as const, viewerFollowsAuthor: false };
  };
  const like = (member: UserWithProfile, report: Report) => tx((transaction) => toggleLike(deps, { viewer: member, reportId: report.id, liked: true }, { transaction }));
  const comment = (member: UserWithProfile, report: Report, text: string) =>
    tx(async (transaction) => (await createComment(deps, { viewer: member, input: { articleId: report.id, text } }, { transaction })).comment);
  const visibleCommentIds = async (viewer: UserWithProfile, report: Report) =>
    (
      await db.models.Comment.findAll({
        where: { reportId: report.id, ...visibleCommentsWhere(viewer) },
        include: [{ model: db.models.User, as: 'author', attributes: ['id', 'suspendedAt'], required: true }],
        order: [['id', 'ASC']],
      })
    ).map((c) => c.id);

  it('hides a report from every read path and shows it again exactly; twice changes nothing more', async () => {
    const author = await createUser();
    const word = `隠す${name}`;
    const report = await createReport({ author, title: word });
    const [fan, viewer] = [await createUser(), await createUser()];
    await like(fan, report);
    const hide = (hidden: boolean) => tx((transaction) => setReportHidden(deps, { actor: operator, reportId: report.id, hidden, reason: '規約違反の疑い' }, { transaction }));

    expect((await hide(true)).changed).toBe(true);
    expect(await counters(report)).toEqual({ likes: 1, comments: 0, listed: false });
    expect(await feedIds()).not.toContain(report.id);
    expect(await searchableIds([report.id])).toEqual([]);
    expect(await fallbackIds(word)).toEqual([]);
    expect(await documentIds([report.id])).toEqual([]);
    const facts = await loadForPolicy(report);
    expect(() => authorizeReport(viewer, 'read', facts)).toThrow();
    expect(() => authorizeReport(author, 'read', facts)).not.toThrow();
    expect(() => authorizeReport(operator, 'read', facts)).not.toThrow();
    expect(await db.models.SearchOutboxEntry.count({ where: { aggregateId: String(report.id), operation: 'upsert' } })).toBeGreaterThan(0);

    expect((await hide(true)).changed).toBe(false);
    expect(await auditRows('report.hide', report.id)).toBe(1);

    expect((await hide(false)).changed).toBe(true);
    expect(await counters(report)).toEqual({ likes: 1, comments: 0, listed: true });
    expect(await feedIds()).toContain(report.id);
    expect(await fallbackIds(word)).toEqual([report.id]);
    expect(await documentIds([report.id])).toEqual([report.id]);
    expect((await hide(false)).changed).toBe(false);
    const [entry] = (await loadAuditLog(db.models, { action: 'report.unhide' })).entries;
    expect(entry).toMatchObject({ actorId: operator.id, targetType: 'report', targetId: String(report.id), reason: '規約違反の疑い' });
    expect(await auditRows('report.unhide', report.id)).toBe(1);
  });

  it('takes a suspended member out of lists, search, counters, comments and popular keywords, and back', async () => {
    const member = await createUser();
    const other = await createUser();
    const [fan1, fan2, searcher1, searcher2] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const word = `停止語${name}`;
    const own = await createReport({ author: member, title: word });
    const othersReport = await createReport({ author: other });
    await like(fan1, own);
    await like(fan2, own);
    await like(member, othersReport);
    await like(fan1, othersReport);
    const theirs = await comment(member, othersReport, '停止される人のコメント');
    const fans = await comment(fan1, othersReport, 'ほかの人のコメント');
    await db.models.RefreshToken.create({ userId: member.id, familyId: `fam-${member.id}`, tokenHash: `h-${member.id}`, expiresAt: new Date(Date.now() + HOUR_MS), familyExpiresAt: new Date(Date.now() + HOUR_MS) });
    const keyword = `停止検索${name.toLowerCase()}`;
    for (const user of [member, searcher1, searcher2]) await recordSearchQuery(db.models, user.id, keyword);
    const before = { own: await counters(own), others: await counters(othersReport), stats: await dashboardStats(db.models, other.id) };
    expect(before.others).toEqual({ likes: 2, comments: 2, listed: true });
    expect((await loadPopularKeywordSources(db.sequelize)).queries).toContain(keyword);

    const suspended = await tx((transaction) => suspendMember(deps, { actor: operator, publicId: member.publicId, reason: '荒らし行為', until: null }, { transaction }));
    expect(suspended.changed).toBe(true);
    expect(await db.models.RefreshToken.count({ where: { userId: member.id, revokedAt: null } })).toBe(0);
    expect(await counters(own)).toEqual({ likes: 2, comments: 0, listed: false });
    expect(await counters(othersReport)).toEqual({ likes: 1, comments: 1, listed: true });
    expect(await dashboardStats(db.models, other.id)).toEqual({ ...before.stats, likesReceived: before.stats.likesReceived - 1 });
    expect(await feedIds()).not.toContain(own.id);
    expect(await searchableIds([own.id])).toEqual([]);
    expect(await fallbackIds(word)).toEqual([]);
    expect(await documentIds([own.id])).toEqual([]);
    expect(await visibleCommentIds(fan2, othersReport)).toEqual([fans.id]);
    expect(await visibleCommentIds(operator, othersReport)).toEqual([theirs.id, fans.id]);
    expect((await loadPopularKeywordSources(db.sequelize)).queries).not.toContain(keyword);
    const queued = await db.models.SearchOutboxEntry.findAll({ where: { aggregateId: [String(own.id), String(othersReport.id)] } });
    expect(new Set(queued.map((row) => row.aggregateId))).toEqual(new Set([String(own.id), String(othersReport.id)]));

    const again = await tx((transaction) => suspendMember(deps, { actor: operator, publicId: member.publicId, reason: '二度目', until: null }, { transaction }));
    expect(again.changed).toBe(false);
    expect(await auditRows('user.suspend', member.publicId)).toBe(1);

    expect((await tx((transaction) => unsuspendMember(deps, { actor: operator, publicId: member.publicId, reason: '異議を認めた' }, { transaction }))).changed).toBe(true);
    expect(await counters(own)).toEqual(before.own);
    expect(await counters(othersReport)).toEqual(before.others);
    expect(await dashboardStats(db.models, other.id)).toEqual(before.stats);
    expect(await feedIds()).toContain(own.id);
    expect(await fallbackIds(word)).toEqual([own.id]);
    expect(await visibleCommentIds(fan2, othersReport)).toEqual([theirs.id, fans.id]);
    expect((await loadPopularKeywordSources(db.sequelize)).queries).toContain(keyword);
    expect((await tx((transaction) => unsuspendMember(deps, { actor: operator, publicId: member.publicId, reason: '二度目' }, { transaction }))).changed).toBe(false);
    expect(await auditRows('user.unsuspend', member.publicId)).toBe(1);
  });

  it('ends a suspension by itself: at the sweep, or at the member\'s login', async () => {
    const now = new Date();
    const swept = await createUser();
    const report = await createReport({ author: swept });
    const until = new Date(now.getTime() + HOUR_MS);
    await tx((transaction) => suspendMember(deps, { actor: operator, publicId: swept.publicId, reason: '一時停止', until, now }, { transaction }));
    expect(await endDueSuspensions(deps, now)).toBe(0);
    expect(await counters(report)).toMatchObject({ listed: false });
    expect(await endDueSuspensions(deps, new Date(until.getTime() + 1))).toBe(1);
    expect(await counters(report)).toMatchObject({ listed: true });
    expect((await db.models.User.findByPk(swept.id))?.suspendedAt).toBeNull();
    const [ended] = (await loadAuditLog(db.models, { action: 'user.suspension_end' })).entries;
    expect(ended).toMatchObject({ actorId: null, targetId: swept.publicId });

    const password = 'moderation-test-pass-1';
    const returning = await createUser({ passwordHash: await hashPassword(password) });
    const theirReport = await createReport({ author: returning });
    await tx((transaction) => suspendMember(deps, { actor: operator, publicId: returning.publicId, reason: '一時停止', until, now }, { transaction }));
    const login = { ...deps, throttle: createLoginThrottle({ rateLimiter: createMemoryRateLimiter(), logger: createLogger('silent') }) };
    const attempt = { email: returning.email, password, clientAddress: '127.0.0.1' };
    expect(await checkCredentials(login, attempt)).toEqual({ ok: false, reason: 'suspended' });
    // The hour has passed by the time they log in again: the login itself lifts the suspension.
    expect(await checkCredentials(login, attempt, new Date(until.getTime() + 1))).toMatchObject({ ok: true });
    expect(await counters(theirReport)).toMatchObject({ listed: true });
    await expect(
      tx((transaction) => suspendMember(deps, { actor: operator, publicId: returning.publicId, reason: '過去', until: new Date(now.getTime() - 1), now }, { transaction })),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('decides flagged comments through their cases: dismiss shows it again, delete removes it for everyone, the cases follow', async () => {
    const report = await createReport();
    const author = await createUser();
    const reporters = [await createUser(), await createUser(), await createUser()];
    const dismissed = await comment(author, report, '誤解された冗談');
    const removed = await comment(author, report, '本当にひどいコメント');
    for (const target of [dismissed, removed]) {
      for (const [index, reporter] of reporters.entries()) {
        await tx((transaction) => reportComment(deps, { viewer: reporter, commentId: target.id, reason: index === 0 ? '攻撃的です' : null }, { transaction }));
      }
    }
    expect(await counters(report)).toMatchObject({ comments: 0 });
    // One case per comment, each holding its three flags in order.
    const caseOf = async (commentId: number) => {
      const found = await db.models.ModerationCase.findOne({ where: { type: 'comment', targetId: commentId }, order: [['id', 'DESC']] });
      if (!found) throw new Error(`no case for comment ${commentId}`);
      return found;
    };
    const [dismissedCase, removedCase] = [await caseOf(dismissed.id), await caseOf(removed.id)];
    expect([dismissedCase.status, removedCase.status]).toEqual(['open', 'open']);
    const notes = await db.models.Flag.findAll({ where: { caseId: dismissedCase.id }, order: [['id', 'ASC']] });
    expect(notes.map((entry) => entry.note)).toEqual(['攻撃的です', null, null]);

    const resolve = (caseId: number, action: 'dismiss' | 'delete') =>
      tx((transaction) => resolveCase({ ...deps, publicUrl: '' }, { actor: operator, caseId, action, reason: '確認しました' }, { transaction }));
    expect((await resolve(dismissedCase.id, 'dismiss')).changed).toBe(true);
    expect(await visibleCommentIds(reporters[0] ?? author, report)).toEqual([dismissed.id]);
    expect(await counters(report)).toMatchObject({ comments: 1 });
    expect((await resolve(dismissedCase.id, 'dismiss')).changed).toBe(false);
    expect(await auditRows('comment.dismiss_reports', dismissed.id)).toBe(1);

    expect((await resolve(removedCase.id, 'delete')).changed).toBe(true);
    expect(await visibleCommentIds(author, report)).toEqual([dismissed.id]);
    expect(await visibleCommentIds(operator, report)).toEqual([dismissed.id]);
    const late = await createUser();
    await expect(tx((transaction) => reportComment(deps, { viewer: late, commentId: removed.id }, { transaction }))).rejects.toMatchObject({ status: 404 });
    expect([(await caseOf(dismissed.id)).status, (await caseOf(removed.id)).status]).toEqual(['closed', 'closed']);
    expect(await commentFlagCount(db.models, dismissed.id, { resolvedAt: null })).toBe(0);
    expect(await commentFlagCount(db.models, removed.id, { resolvedAt: null })).toBe(0);
  });

  it('rolls a failing action back whole: no audit row, no change', async () => {
    const otherOperator = await createOperator();
    const report = await createReport();
    const reported = await comment(otherOperator, report, '運営者のコメント');
    await tx((transaction) => reportComment(deps, { viewer: operator, commentId: reported.id }, { transaction }));
    const reportedCase = await db.models.ModerationCase.findOne({ where: { type: 'comment', targetId: reported.id } });
    // "suspend" deletes the comment and logs it, then refuses to suspend an operator: nothing may remain.
    await expect(
      tx((transaction) => resolveCase({ ...deps, publicUrl: '' }, { actor: operator, caseId: reportedCase?.id ?? 0, action: 'suspend', reason: '試験' }, { transaction })),
    ).rejects.toMatchObject({ status: 409 });
    expect(await auditRows('comment.delete', reported.id)).toBe(0);
    expect((await db.models.Comment.findByPk(reported.id))?.deletedAt).toBeNull();
    expect(await commentFlagCount(db.models, reported.id, { resolvedAt: null })).toBe(1);
  });

  it('changes roles, never oneself\'s and never the last operator\'s', async () => {
    const member = await createUser();
    const change = (actor: UserWithProfile, publicId: string, role: 'member' | 'operator') =>
      tx((transaction) => changeRole(db.models, { actor, publicId, role, reason: '体制変更' }, { transaction }));
    expect((await change(operator, member.publicId, 'operator')).changed).toBe(true);
    expect((await change(operator, member.publicId, 'operator')).changed).toBe(false);
    await expect(change(operator, operator.publicId, 'member')).rejects.toMatchObject({ status: 400 });
    expect((await change(operator, member.publicId, 'member')).changed).toBe(true);
    expect(await auditRows('user.role', member.publicId)).toBe(2);

    // Every other operator demoted: the one left cannot step down.
    await db.models.User.update({ role: 'member' }, { where: { role: 'operator' } });
    await db.models.User.update({ role: 'operator' }, { where: { id: operator.id } });
    await expect(change(operator, operator.publicId, 'member')).rejects.toMatchObject({ status: 409 });
    expect((await db.models.User.findByPk(operator.id))?.role).toBe('operator');

    // Two operators demoting each other at the same moment: one wins, the other is no operator by then.
    const [a, b] = [await createOperator(), await createOperator()];
    await db.models.User.update({ role: 'member' }, { where: { id: operator.id } });
    const outcomes = await Promise.allSettled([change(a, b.publicId, 'member'), change(b, a.publicId, 'member')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await db.models.User.count({ where: { role: 'operator' } })).toBe(1);
    await db.models.User.update({ role: 'operator' }, { where: { id: operator.id } });
  });

  it('finds members by public id or username, never showing an e-mail address', async () => {
    const member = await createUser({ profile: { username: `縄師${name}` } });
    await createReport({ author: member });
    await createReport({ author: member, isDraft: true });
    const [byId] = await searchMembers(deps, member.publicId);
    expect(byId?.member.id).toBe(member.id);
    expect(byId?.counts).toEqual({ reportCount: 1, commentCount: 0 });
    expect((await searchMembers(deps, `縄師${name}`.slice(1))).map((found) => found.member.id)).toContain(member.id);
    expect(await searchMembers(deps, member.email)).toEqual([]);
    expect(byId?.member.get('email')).toBeUndefined();
  });

  it('puts the member of an exact public id first, then the newest members whose name holds it', async () => {
    const member = await createUser({ profile: { username: `番号${name}`.slice(0, 20) } });
    const older = await createUser({ profile: { username: `旧${member.publicId}` } });
    const newer = await createUser({ profile: { username: `新${member.publicId}` } });
    await db.sequelize.query('UPDATE users SET created_at = :at WHERE id = :id', { replacements: { at: new Date(Date.now() - 60_000), id: older.id } });
    expect((await searchMembers(deps, member.publicId)).map((found) => found.member.id)).toEqual([member.id, newer.id, older.id]);
    // A name search alone, newest first; an empty query lists the newest members.
    expect((await searchMembers(deps, `旧${member.publicId}`)).map((found) => found.member.id)).toEqual([older.id]);
    const newest = (await searchMembers(deps, '')).map((found) => found.member.id);
    expect(newest[0]).toBe(newer.id);
    expect(newest).toHaveLength(Math.min(LIMITS.memberSearchMax, await db.models.User.count()));
  });

  it('lists the audit log newest first, by operator and action, with the taxonomy changes', async () => {
    const other = await createOperator();
    await tx((transaction) => createCategory(db.models, { actorId: other.id, input: { name: `監査${name}` } }, { transaction }));
    const all = await loadAuditLog(db.models, { limit: 2 });
    expect(all.entries[0]?.action).toBe('category.create');
    expect(all.entries.map((entry) => entry.id)).toEqual([...all.entries.map((entry) => entry.id)].sort((a, b) => b - a));
    const more = await loadAuditLog(db.models, { limit: 2, cursor: all.nextCursor ?? undefined });
    expect(Math.max(...more.entries.map((entry) => entry.id))).toBeLessThan(Math.min(...all.entries.map((entry) => entry.id)));
    expect((await loadAuditLog(db.models, { actor: other.publicId })).entries.map((entry) => entry.action)).toEqual(['category.create']);
    expect((await loadAuditLog(db.models, { actor: 'nobody-here' })).entries).toEqual([]);
    await expect(loadAuditLog(db.models, { cursor: 'abc' })).rejects.toMatchObject({ status: 400 });
  });
});
