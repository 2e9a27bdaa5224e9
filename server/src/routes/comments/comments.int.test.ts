import { TEXTS, LIMITS, type CommentItem, type ErrorBody, type ReportDetail } from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import { commentFlagCount } from '../../../test/support/flags';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import type { Models, Report, User } from '../../models';

type Member = { client: HttpClient; user: User & { profile: { username: string } } };

describe('comments API', () => {
  let app: TestApp;
  let models: Models;
  let author: Member;
  let commenter: Member;
  let reader: Member;
  let operator: Member;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    models = app.services.models;
    [author, commenter, reader, operator] = await Promise.all([
      signedInMember(app.baseUrl),
      signedInMember(app.baseUrl),
      signedInMember(app.baseUrl),
      signedInMember(app.baseUrl, { role: 'operator' }),
    ]);
  });
  afterAll(() => app?.close());

  const post = (client: HttpClient, articleId: number | string, text: unknown) =>
    client.post<CommentItem & ErrorBody>('/api/comments', { articleId, text });
  const list = (client: HttpClient, reportId: number) => client.get<CommentItem[]>(`/api/comments?articleId=${reportId}`);
  const commentCount = async (reportId: number) => (await models.Report.findByPk(reportId))?.commentCount;
  const newReport = (): Promise<Report> => createReport({ author: author.user });

  it('posts a comment, returns it as the section shows it and counts it', async () => {
    const report = await newReport();
    const res = await post(commenter.client, String(report.id), '  はじめまして。\r\n参考になりました！  ');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(Number),
      text: 'はじめまして。\n参考になりました！',
      publicId: commenter.user.publicId,
      userProfile: { username: commenter.user.profile.username, icon: null },
      createdAt: expect.any(String),
      isHidden: false,
      mutedWord: false,
      abilities: { delete: true, report: false },
    });
    expect(await commentCount(report.id)).toBe(1);
    expect((await reader.client.get<ReportDetail>(`/api/reports/${report.id}`)).body.commentCount).toBe(1);
  });

  it('lists comments newest first with what each viewer may do', async () => {
    const report = await newReport();
    const first = await post(commenter.client, report.id, '一つ目');
    const second = await post(reader.client, report.id, '二つ目');
    const seen = await list(commenter.client, report.id);
    expect(seen.status).toBe(200);
    expect(seen.body.map((c) => c._id)).toEqual([second.body._id, first.body._id]);
    expect(seen.body.map((c) => c.abilities)).toEqual([
      { delete: false, report: true },
      { delete: true, report: false },
    ]);
  });

  it('refuses empty, whitespace-only and over-long comments with the Japanese messages', async () => {
    const report = await newReport();
    for (const text of ['', '   \n\t ', undefined]) {
      const res = await post(commenter.client, report.id, text);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TEXTS.comment.empty);
    }
    const tooLong = await post(commenter.client, report.id, 'あ'.repeat(LIMITS.commentMax + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(TEXTS.comment.tooLong);
    expect((await post(commenter.client, report.id, '🙂'.repeat(LIMITS.commentMax))).status).toBe(201);
    expect(await models.Comment.count({ where: { reportId: report.id } })).toBe(1);
  });

  it('refuses comments on reports the member cannot see, and without an article id', async () => {
    const draft = await createReport({ author: author.user, isDraft: true });
    const hidden = await createReport({ author: author.user, hiddenAt: new Date(), listed: false });
    for (const id of [draft.id, hidden.id, 99_999_999]) {
      const res = await post(commenter.client, id, 'こんにちは');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(TEXTS.report.notFound);
      expect((await list(commenter.client, id)).status).toBe(404);
    }
    // Not even its author comments on a draft or a hidden report: nobody else could read it.
    expect((await post(author.client, draft.id, 'メモ')).status).toBe(404);
    const missing = await commenter.client.post<ErrorBody>('/api/comments', { text: 'どこに？' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(TEXTS.comment.articleRequired);
    expect((await commenter.client.get<ErrorBody>('/api/comments')).status).toBe(400);
    expect(await models.Comment.count({ where: { reportId: [draft.id, hidden.id] } })).toBe(0);
  });

  it('needs a signed-in member with a profile', async () => {
    const report = await newReport();
    const anonymous = createHttpClient(app.baseUrl);
    expect((await post(anonymous, report.id, 'こんにちは')).status).toBe(401);
    expect((await anonymous.get(`/api/comments?articleId=${report.id}`)).status).toBe(401);
    const noProfile = await signedInMember(app.baseUrl, { profile: null });
    const res = await post(noProfile.client, report.id, 'こんにちは');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TEXTS.profile.notSet);
  });

  it("refuses deleting another member's comment and lets the author delete theirs", async () => {
    const report = await newReport();
    const comment = (await post(commenter.client, report.id, '消さないで')).body;
    for (const client of [reader.client, author.client, operator.client]) {
      const res = await client.delete<ErrorBody>(`/api/comments/${comment._id}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEXTS.comment.notAuthor);
    }
    expect(await models.Comment.findByPk(comment._id)).not.toBeNull();
    expect(await commentCount(report.id)).toBe(1);

    const res = await commenter.client.delete<{ message: string }>(`/api/comments/${comment._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.comment.deleted });
    expect(await models.Comment.findByPk(comment._id)).toBeNull();
    expect(await commentCount(report.id)).toBe(0);
    expect((await commenter.client.delete(`/api/comments/${comment._id}`)).status).toBe(404);
    expect((await commenter.client.delete('/api/comments/abc')).status).toBe(404);
  });

  it('takes one report per member and hides a comment reported by three different members', async () => {
    const report = await newReport();
    const comment = (await post(commenter.client, report.id, '問題のあるコメント')).body;
    const reporters = await Promise.all([signedInMember(app.baseUrl), signedInMember(app.baseUrl), signedInMember(app.baseUrl)]);
    const reportIt = (client: HttpClient) => client.post<{ message: string } & ErrorBody>(`/api/comments/${comment._id}/report`);

    const own = await reportIt(commenter.client);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(TEXTS.comment.ownComment);

    for (let i = 0; i < 3; i++) {
      const res = await reportIt(reporters[0]?.client ?? commenter.client);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: TEXTS.comment.reported });
    }
    expect(await commentFlagCount(models, comment._id)).toBe(1);
    expect((await reportIt(reporters[1]?.client ?? commenter.client)).status).toBe(200);
    expect((await models.Comment.findByPk(comment._id))?.hiddenAt).toBeNull();
    expect(await commentCount(report.id)).toBe(1);

    expect((await reportIt(reporters[2]?.client ?? commenter.client)).status).toBe(200);
    expect((await models.Comment.findByPk(comment._id))?.hiddenAt).toBeInstanceOf(Date);
    expect(await commentCount(report.id)).toBe(0);

    // Gone for members, still there for its author and operators, marked hidden.
    expect((await list(reader.client, report.id)).body).toEqual([]);
    expect((await list(commenter.client, report.id)).body.map((c) => [c._id, c.isHidden])).toEqual([[comment._id, true]]);
    expect((await list(operator.client, report.id)).body.map((c) => [c._id, c.isHidden])).toEqual([[comment._id, true]]);
    // A member who saw it before it was hidden may still report it: received, recorded, nothing else changes.
    const late = await reportIt(reader.client);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ message: TEXTS.comment.reported });
    expect(await commentFlagCount(models, comment._id)).toBe(4);
    expect(await commentCount(report.id)).toBe(0);
  });

  it('hides a comment exactly once when the last reports arrive together', async () => {
    const report = await newReport();
    const comment = (await post(commenter.client, report.id, 'まとめて通報')).body;
    const reporters = await Promise.all(Array.from({ length: 5 }, () => signedInMember(app.baseUrl)));
    const answers = await Promise.all(reporters.map((r) => r.client.post(`/api/comments/${comment._id}/report`)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await commentFlagCount(models, comment._id)).toBe(5);
    expect((await models.Comment.findByPk(comment._id))?.hiddenAt).toBeInstanceOf(Date);
    expect(await commentCount(report.id)).toBe(0);
  });

  it("omits comments of suspended members for everyone but operators", async () => {
    const report = await newReport();
    const suspended = await createUser({ suspendedAt: new Date() });
    const comment = await models.Comment.create({ reportId: report.id, authorId: suspended.id, text: '停止中の会員' });
    expect((await list(reader.client, report.id)).body.some((c) => c._id === comment.id)).toBe(false);
    expect((await list(operator.client, report.id)).body.some((c) => c._id === comment.id)).toBe(true);
  });
});
