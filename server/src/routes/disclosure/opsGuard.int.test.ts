import { TEXTS, type ErrorBody, type ReportMutationResponse } from '@hiraku/shared';
import sharp from 'sharp';
import { Op } from 'sequelize';
import { deleteExpiredDisclosureRecords } from '../../commands/disclosureRecords';
import { startDisclosureSweep } from '../../jobs/disclosureSweep';
import type { Models } from '../../models';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { patternImage } from '../../../test/support/images';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../../test/support/reports';
import { createMemberWithPassword, signedInMember, TEST_PASSWORD } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { seedTaxonomy } from '../../seed/taxonomy';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/**
 * Issue 38: re-upload blocking of removed images, the e-mail block of members suspended for good, and
 * the disclosure records (kept, exported to admins only, deleted after six months). The app trusts
 * 127.0.0.1 as its proxy, so a test can say where a request "came from" with X-Forwarded-For/-Port.
 */
describe('operators\' guards (issue 38)', () => {
  let app: TestApp;
  let models: Models;
  let tags: SystemTags;
  let operator: Member;
  let admin: Member;
  let flagger: Member;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100', TRUSTED_PROXIES: '127.0.0.1' } });
    models = app.services.models;
    await seedTaxonomy(models);
    tags = await systemTags(models);
    [operator, admin, flagger] = await Promise.all([signedInMember(app.baseUrl, { role: 'operator' }), signedInMember(app.baseUrl, { role: 'admin' }), signedInMember(app.baseUrl)]);
  });
  afterAll(() => app?.close());

  const post = (member: Member, data: Buffer) =>
    sendReportForm<ReportMutationResponse & ErrorBody>(member.client, 'POST', '/api/reports', publishableForm(tags), { data, type: 'image/jpeg', name: 'a.jpg' });
  const resolve = (caseId: number, action: string) => operator.client.post(`/api/moderation/cases/${caseId}/resolve`, { action, reason: '確認のうえ削除しました' });
  const openCaseOf = async (model: Models, caseType: string, targetId: number) => model.ModerationCase.findOne({ where: { type: caseType, targetId, status: 'open' } });

  describe('re-upload blocking', () => {
    it('refuses an exact, a resized and a re-encoded copy of an image a decision removed, opens one case, and accepts an unrelated image', async () => {
      const author = await signedInMember(app.baseUrl);
      const original = await patternImage(7);
      const posted = await post(author, original);
      expect(posted.status).toBe(201);
      const reportId = posted.body.report._id;
      expect((await flagger.client.post('/api/flags', { targetType: 'report', targetId: reportId, category: 'aiManipulatedPerson' })).status).toBe(200);
      const flagCase = await openCaseOf(models, 'report', reportId);
      expect(flagCase?.category).toBe('aiManipulatedPerson');
      expect((await resolve(flagCase?.id ?? 0, 'delete')).status).toBe(200);

      const uploader = await signedInMember(app.baseUrl);
      const copies = [original, await sharp(original).resize(400).jpeg({ quality: 50 }).toBuffer(), await sharp(original).webp({ quality: 40 }).toBuffer()];
      for (const copy of copies) {
        const refused = await post(uploader, copy);
        expect([refused.status, refused.body.message, refused.body.fields?.mainImage]).toEqual([400, TEXTS.guard.imageRefused, TEXTS.guard.imageRefused]);
      }
      expect(await models.Report.count({ where: { authorId: uploader.user.id } })).toBe(0);
      // One case about the member, with a note per attempt naming the decision; nothing tells the member why.
      const memberCase = await openCaseOf(models, 'member', uploader.user.id);
      expect(memberCase?.category).toBe('aiManipulatedPerson');
      const notes = await models.CaseNote.findAll({ where: { caseId: memberCase?.id ?? 0 } });
      expect(notes).toHaveLength(3);
      expect(notes.every((note) => note.text.includes(`#${flagCase?.id}`))).toBe(true);
      expect(await models.AuditLog.count({ where: { action: 'image.reupload_refused', targetId: uploader.user.publicId } })).toBe(3);

      const unrelated = await post(uploader, await patternImage(8));
      expect(unrelated.status).toBe(201);
      // Replacing the image of one's own report with the removed one is refused too, and keeps the old image.
      const before = await models.Report.findByPk(unrelated.body.report._id);
      const replaced = await sendReportForm<ErrorBody>(uploader.client, 'PUT', `/api/reports/${unrelated.body.report._id}`, publishableForm(tags), {
        data: copies[1] ?? original,
        type: 'image/jpeg',
        name: 'b.jpg',
      });
      expect([replaced.status, replaced.body.message]).toEqual([400, TEXTS.guard.imageRefused]);
      expect((await models.Report.findByPk(unrelated.body.report._id))?.mainImageKey).toBe(before?.mainImageKey);
    });

    it('blocks an image while an operator keeps its report hidden, and frees it when shown again', async () => {
      const author = await signedInMember(app.baseUrl);
      const image = await patternImage(30);
      const posted = await post(author, image);
      const reportId = posted.body.report._id;
      expect((await operator.client.post(`/api/moderation/reports/${reportId}/hide`, { reason: '同意のない画像のため' })).status).toBe(200);
      const uploader = await signedInMember(app.baseUrl);
      expect((await post(uploader, image)).status).toBe(400);
      expect((await operator.client.post(`/api/moderation/reports/${reportId}/unhide`, { reason: '確認の結果、問題ありませんでした' })).status).toBe(200);
      expect((await post(uploader, image)).status).toBe(201);
    });
  });

  describe('e-mail block', () => {
    const signUp = (email: string) => createHttpClient(app.baseUrl).post<ErrorBody>('/api/signup', { email, password: TEST_PASSWORD, agreedToTerms: true });

    it('refuses the address of a member suspended for good (in any case, with a +tag), keeps no address in clear, and frees it when lifted', async () => {
      const member = await createMemberWithPassword({ email: 'banned.person@example.jp' });
      expect((await operator.client.post(`/api/moderation/users/${member.publicId}/suspend`, { reason: '悪質な規約違反のため' })).status).toBe(200);
      const rows = await models.BlockedEmailHash.findAll({ raw: true });
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain('banned');

      for (const email of ['banned.person@example.jp', 'Banned.Person+again@Example.jp']) {
        const refused = await signUp(email);
        expect([refused.status, refused.body.message]).toEqual([400, TEXTS.guard.signupRefused]);
      }
      expect(await models.User.count({ where: { email: { [Op.like]: 'banned.person%' } } })).toBe(1);
      expect((await signUp('someone.else@example.jp')).status).toBe(201);

      expect((await operator.client.post(`/api/moderation/users/${member.publicId}/unsuspend`, { reason: '異議を認めました' })).status).toBe(200);
      expect(await models.BlockedEmailHash.count()).toBe(0);
      expect((await signUp('banned.person+again@example.jp')).status).toBe(201);
    });

    it('does not block a suspension with an end, and blocks one decided on a case without an end', async () => {
      const timed = await createMemberWithPassword({ email: 'timed.person@example.jp' });
      const until = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
      expect((await operator.client.post(`/api/moderation/users/${timed.publicId}/suspend`, { reason: '一週間の利用停止', until })).status).toBe(200);
      expect((await signUp('timed.person@example.jp')).status).toBe(201);

      const author = await signedInMember(app.baseUrl, { email: 'case.person@example.jp' });
      const posted = await post(author, await patternImage(44));
      await flagger.client.post('/api/flags', { targetType: 'report', targetId: posted.body.report._id, category: 'harassment' });
      const flagCase = await openCaseOf(models, 'report', posted.body.report._id);
      expect((await resolve(flagCase?.id ?? 0, 'suspend')).status).toBe(200);
      expect((await signUp('case.person@example.jp')).body.message).toBe(TEXTS.guard.signupRefused);
    });
  });

  describe('disclosure records', () => {
    const from = (address: string, port: number) => ({ headers: { 'X-Forwarded-For': address, 'X-Forwarded-Port': String(port) } });
    const exportCsv = (client: HttpClient, targetType: string, targetId: string | number) =>
      client.get<string>(`/api/moderation/disclosure-records?targetType=${targetType}&targetId=${targetId}`);

    it('keeps address, port and time of a report, its image, a comment and a sign-in, and gives them to admins only as CSV, audited', async () => {
      const author = await signedInMember(app.baseUrl);
      const posted = await post(author, await patternImage(51));
      const reportId = posted.body.report._id;
      const comment = await author.client.post<{ _id: number }>('/api/comments', { articleId: reportId, text: '追記です。' }, from('198.51.100.77', 61234));
      expect(comment.status).toBe(201);
      await author.client.post('/api/auth/login', { email: author.user.email, password: TEST_PASSWORD }, from('203.0.113.5', 50001));

      const rows = await models.DisclosureRecord.findAll({ where: { userId: author.user.id }, order: [['id', 'ASC']], raw: true });
      expect(rows.map((row) => [row.kind, row.address, row.port])).toEqual([
        ['signin', '127.0.0.1', null],
        ['report', '127.0.0.1', null],
        ['image', '127.0.0.1', null],
        ['comment', '198.51.100.77', 61234],
        ['signin', '203.0.113.5', 50001],
      ]);

      const csv = await exportCsv(admin.client, 'comment', comment.body._id);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toContain('attachment');
      const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe(TEXTS.guard.screens.csvHeader.join(','));
      expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^コメントの投稿,${comment.body._id},${author.user.publicId},198\\.51\\.100\\.77,61234,\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\+09:00$`))]);
      expect((await exportCsv(admin.client, 'report', reportId)).body.split('\r\n').filter(Boolean)).toHaveLength(3);
      expect((await exportCsv(admin.client, 'member', author.user.publicId)).body).toContain('203.0.113.5,50001');
      expect(await models.AuditLog.count({ where: { action: 'disclosure.export', actorId: admin.user.id } })).toBe(3);

      // Nobody else reads them: not an operator (issue 38: admins only), not the member (their own export
      // included), not a stranger, not anonymous.
      const byOperator = await operator.client.get<ErrorBody>(`/api/moderation/disclosure-records?targetType=comment&targetId=${comment.body._id}`);
      expect([byOperator.status, byOperator.body.error, byOperator.body.message]).toEqual([403, 'authorization_error', TEXTS.common.adminsOnly]);
      expect(await models.AuditLog.count({ where: { action: 'disclosure.export', actorId: operator.user.id } })).toBe(0);
      expect((await exportCsv(author.client, 'member', author.user.publicId)).status).toBe(403);
      expect((await exportCsv(createHttpClient(app.baseUrl), 'comment', comment.body._id)).status).toBe(401);
      for (const path of ['/api/account/export', `/api/reports/${reportId}`, `/api/comments?articleId=${reportId}`]) {
        const answer = await author.client.get(path);
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.body)).not.toMatch(/198\.51\.100\.77|203\.0\.113\.5|61234|50001/);
      }
    });

    it('refuses a bad export request in Japanese', async () => {
      const bad = await admin.client.get<ErrorBody>('/api/moderation/disclosure-records?targetType=ip&targetId=1');
      expect([bad.status, bad.body.message]).toEqual([400, TEXTS.guard.disclosureTargetInvalid]);
      expect((await admin.client.get<ErrorBody>('/api/moderation/disclosure-records?targetType=report&targetId=abc')).status).toBe(404);
    });

    it('deletes records older than six months on schedule and keeps the younger ones', async () => {
      const now = new Date();
      const monthsAgo = (months: number) => new Date(now.getTime() - months * 30.5 * 24 * 3600 * 1000);
      const base = { kind: 'comment' as const, targetId: 999_001, userId: 999_001, userPublicId: 'gone-member', address: '192.0.2.1', port: 1234 };
      await models.DisclosureRecord.bulkCreate([
        { ...base, occurredAt: monthsAgo(7) },
        { ...base, occurredAt: monthsAgo(6.2) },
        { ...base, occurredAt: monthsAgo(5.5) },
      ]);
      // The job's first round runs at once; stop() waits for it to finish.
      await startDisclosureSweep(app.services, app.services.logger, { intervalMs: 60_000 }).stop();
      const left = await models.DisclosureRecord.findAll({ where: { targetId: 999_001 } });
      expect(left.map((row) => row.occurredAt.getTime())).toEqual([monthsAgo(5.5).getTime()]);
      expect(await deleteExpiredDisclosureRecords(models, now)).toBe(0);
    });
  });
});
