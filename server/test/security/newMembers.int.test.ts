import { FOLLOW_LIMITS, LIMITS, TEXTS, type MemberCaseHistory, type MemberStageResponse } from '@hiraku/shared';
import { createReport, createUser, newMemberColumns } from '../factories';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../support/reports';
import { createHttpClient } from '../support/httpClient';
import { memberWithSession } from '../support/session';
import { startTestApp, type TestApp } from '../support/testApp';
import { seedTaxonomy } from '../../src/seed/taxonomy';
import { AuditLog, Comment, Like, ModerationCase, Report, User } from '../../src/models';

/**
 * Issue 35: a new member's first days (commands/memberStage.ts), through the real API on MariaDB. The
 * rate rules are widened (RATE_LIMIT_FACTOR) so that only the new members' limits are met.
 */
describe('issue 35: the limits of a new member', () => {
  let app: TestApp;
  let tags: SystemTags;
  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' }, deliverMail: false });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
  });
  afterAll(() => app.close());

  const newMember = () => memberWithSession(app, newMemberColumns());
  const established = () => memberWithSession(app);
  const postReport = (client: Parameters<typeof sendReportForm>[0], title: string, isDraft = false) =>
    sendReportForm<{ message: string }>(client, 'POST', '/api/reports', publishableForm(tags, { title, isDraft }));

  it('starts everyone who signs up in the new stage', async () => {
    const visitor = createHttpClient(app.baseUrl);
    expect((await visitor.post('/api/signup', { email: 'hajimete@example.com', password: 'hajimete-no-kagi-2024', agreedToTerms: true })).status).toBe(201);
    const user = await User.findOne({ where: { email: 'hajimete@example.com' } });
    expect(user?.newStageReason).toBe('signup');
    expect(user?.newStageUntil?.getTime()).toBeGreaterThan(Date.now() + (LIMITS.newMemberDays - 1) * 86_400_000);
  });

  it('refuses a new member\'s fourth report of the day with the reason (429), keeps drafts, and leaves established members alone', async () => {
    const { client, user } = await newMember();
    for (let i = 1; i <= LIMITS.newMemberReportsPerDay; i += 1) expect((await postReport(client, `初日の記録 ${i}`)).status).toBe(201);
    const fourth = await postReport(client, '初日の記録 4');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ error: 'rate_limited', message: TEXTS.newMember.reportsPerDay });
    expect(await Report.count({ where: { authorId: user.id } })).toBe(LIMITS.newMemberReportsPerDay);
    // A draft is not out for anyone to read: still saved.
    expect((await postReport(client, '下書きの記録', true)).status).toBe(201);

    const other = await established();
    for (let i = 1; i <= LIMITS.newMemberReportsPerDay + 1; i += 1) expect((await postReport(other.client, `常連の記録 ${i}`)).status).toBe(201);
  });

  it('leaves the stage early once the member has published enough and been liked enough', async () => {
    const { client, user } = await newMember();
    const reports: Report[] = [];
    for (let i = 0; i < LIMITS.newMemberGraduationReports; i += 1) reports.push(await createReport({ author: user }));
    const likers = await Promise.all(Array.from({ length: LIMITS.newMemberGraduationLikes }, () => createUser()));
    await Like.bulkCreate(likers.map((liker) => ({ reportId: reports[0]!.id, userId: liker.id })));
    expect((await postReport(client, '4件目の記録')).status).toBe(201);
  });

  it(`refuses the comment after ${LIMITS.newMemberCommentsPerDay} in a day`, async () => {
    const { client, user } = await newMember();
    const report = await createReport();
    for (let i = 1; i <= LIMITS.newMemberCommentsPerDay; i += 1) expect((await client.post('/api/comments', { articleId: report.id, text: `コメント ${i}` })).status).toBe(201);
    const over = await client.post('/api/comments', { articleId: report.id, text: 'もう一つ' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'rate_limited', message: TEXTS.newMember.commentsPerDay });
    expect(await Comment.count({ where: { authorId: user.id } })).toBe(LIMITS.newMemberCommentsPerDay);
  });

  it(`refuses the follow after ${FOLLOW_LIMITS.newMemberFollowsPerDay} in a day`, async () => {
    const { client } = await newMember();
    const others = await Promise.all(Array.from({ length: FOLLOW_LIMITS.newMemberFollowsPerDay + 1 }, () => createUser()));
    for (const other of others.slice(0, -1)) expect((await client.post(`/api/follows/members/${other.publicId}`)).status).toBe(200);
    const over = await client.post(`/api/follows/members/${others.at(-1)!.publicId}`);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'rate_limited', message: TEXTS.newMember.followsPerDay });
    const [rows] = await app.services.sequelize.query('SELECT follower_id FROM member_follows WHERE followee_id = ?', { replacements: [others.at(-1)!.id] });
    expect(rows).toEqual([]);
  });

  it('never hides content on the flags of new members alone: only flaggers past the stage count', async () => {
    const report = await createReport();
    const flag = (client: Awaited<ReturnType<typeof newMember>>['client'], category: string) =>
      client.post('/api/flags', { targetType: 'report', targetId: report.id, category });
    for (let i = 0; i < LIMITS.flaggersToHide; i += 1) expect((await flag((await newMember()).client, 'minor')).status).toBe(200);
    expect((await report.reload()).hiddenAt).toBeNull();
    // One established flagger and the new ones: still fewer than LIMITS.severeFlaggersToHide that count.
    expect((await flag((await established()).client, 'minor')).status).toBe(200);
    expect((await report.reload()).hiddenAt).toBeNull();
    expect((await flag((await established()).client, 'minor')).status).toBe(200);
    expect((await report.reload()).hiddenAt).not.toBeNull();
  });

  it('lets an operator see the stage in the member history, lift it and restore it (audited)', async () => {
    const { client, user } = await newMember();
    const operator = await memberWithSession(app, { role: 'operator' });
    const history = async () => (await operator.client.get<MemberCaseHistory>(`/api/moderation/members/${user.publicId}/history`)).body.member.stage;
    expect(await history()).toEqual({ stage: 'new', until: expect.any(String), reason: 'signup' });

    for (let i = 1; i <= LIMITS.newMemberReportsPerDay; i += 1) expect((await postReport(client, `記録 ${i}`)).status).toBe(201);
    expect((await postReport(client, '記録 4')).status).toBe(429);

    const lift = await operator.client.post<MemberStageResponse>(`/api/moderation/users/${user.publicId}/stage`, { stage: 'established', reason: '本人確認済みの既存会員' });
    expect(lift.status).toBe(200);
    expect(lift.body).toEqual({ message: TEXTS.newMember.lifted, changed: true, stage: { stage: 'established', until: null, reason: null } });
    expect(await history()).toEqual({ stage: 'established', until: null, reason: null });
    expect((await postReport(client, '記録 4')).status).toBe(201);
    const again = await operator.client.post<MemberStageResponse>(`/api/moderation/users/${user.publicId}/stage`, { stage: 'established', reason: '再度' });
    expect(again.body).toMatchObject({ message: TEXTS.newMember.alreadyLifted, changed: false });

    const restore = await operator.client.post<MemberStageResponse>(`/api/moderation/users/${user.publicId}/stage`, { stage: 'new', reason: '宣伝の連投' });
    expect(restore.status).toBe(200);
    expect(restore.body).toMatchObject({ message: TEXTS.newMember.restored, changed: true, stage: { stage: 'new', reason: 'operator' } });
    expect((await postReport(client, '記録 5')).status).toBe(429);

    const audit = await AuditLog.findAll({ where: { targetType: 'user', targetId: user.publicId }, order: [['id', 'ASC']] });
    expect(audit.map((row) => [row.action, row.reason])).toEqual([
      ['user.new_stage_lift', '本人確認済みの既存会員'],
      ['user.new_stage_restore', '宣伝の連投'],
    ]);
    // Operators are never limited: putting one back is refused.
    const refused = await operator.client.post(`/api/moderation/users/${operator.user.publicId}/stage`, { stage: 'new', reason: '試し' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: TEXTS.newMember.operatorNotLimited });
    // A member cannot do it.
    expect((await client.post(`/api/moderation/users/${user.publicId}/stage`, { stage: 'established', reason: '自分で' })).status).toBe(403);
  });

  it('puts a member back to the new stage after two upheld cases', async () => {
    const author = await established();
    const operator = await memberWithSession(app, { role: 'operator' });
    const upheldCase = async () => {
      const report = await createReport({ author: author.user });
      expect((await (await established()).client.post('/api/flags', { targetType: 'report', targetId: report.id, category: 'spam' })).status).toBe(200);
      const found = await ModerationCase.findOne({ where: { targetId: report.id, status: 'open' } });
      const res = await operator.client.post(`/api/moderation/cases/${found!.id}/resolve`, { action: 'hide', reason: '宣伝目的の投稿' });
      expect(res.status).toBe(200);
    };
    const stage = async () => (await User.findByPk(author.user.id))!;

    // A case dismissed does not count.
    const harmless = await createReport({ author: author.user });
    await (await established()).client.post('/api/flags', { targetType: 'report', targetId: harmless.id, category: 'spam' });
    const open = await ModerationCase.findOne({ where: { targetId: harmless.id, status: 'open' } });
    expect((await operator.client.post(`/api/moderation/cases/${open!.id}/resolve`, { action: 'dismiss', reason: '問題なし' })).status).toBe(200);

    await upheldCase();
    expect((await stage()).newStageUntil).toBeNull();
    await upheldCase();
    const after = await stage();
    expect(after.newStageReason).toBe('cases');
    expect(after.newStageUntil!.getTime()).toBeGreaterThan(Date.now() + (LIMITS.newMemberDays - 1) * 86_400_000);
    expect(await AuditLog.count({ where: { action: 'user.new_stage_by_cases', targetId: author.user.publicId } })).toBe(1);

    // Back in the stage: the three reports published today (two of them hidden since) use up the day.
    const refused = await postReport(author.client, '戻った後の記録');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'rate_limited', message: TEXTS.newMember.reportsPerDay });
  });
});
