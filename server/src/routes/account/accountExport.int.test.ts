import { endpointPath, type AccountExport } from '@hiraku/shared';
import { createReport, createUser } from '../../../test/factories';
import { createHttpClient } from '../../../test/support/httpClient';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { Comment, ContactEnquiry, Like, SearchQuery } from '../../models';

describe(`GET ${endpointPath('account.export')}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('needs a logged-in member', async () => {
    const res = await createHttpClient(app.baseUrl).get(endpointPath('account.export'));
    expect(res.status).toBe(401);
  });

  it('downloads everything the site holds about the member, drafts included, and nothing of others', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const other = await createUser();
    const published = await createReport({ author: user, title: '公開した縄のレポート' });
    const draft = await createReport({ author: user, title: '書きかけの下書き', isDraft: true });
    const othersReport = await createReport({ author: other, title: 'ほかの人のレポート' });
    await Like.create({ reportId: othersReport.id, userId: user.id });
    await Comment.create({ reportId: othersReport.id, authorId: user.id, text: '参考になりました' });
    await Comment.create({ reportId: published.id, authorId: other.id, text: '他人のコメント' });
    await SearchQuery.create({ userId: user.id, query: '首輪' });
    await ContactEnquiry.create({ userId: user.id, category: 'その他', email: 'reply@example.jp', content: '質問です' });

    const res = await client.get<AccountExport>(endpointPath('account.export'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="hiraku-${user.publicId}.json"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.account).toMatchObject({ email: user.email, publicId: user.publicId, role: 'member' });
    expect(data.profile?.username).toBe(user.profile?.username);
    expect(data.reports.map((r) => r.title).sort()).toEqual([draft.title, published.title].sort());
    expect(data.comments).toEqual([expect.objectContaining({ reportId: othersReport.id, text: '参考になりました' })]);
    expect(data.likedReportIds).toEqual([othersReport.id]);
    expect(data.searches.map((s) => s.query)).toEqual(['首輪']);
    expect(data.enquiries).toEqual([expect.objectContaining({ email: 'reply@example.jp', content: '質問です' })]);
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toContain('passwordHash');
  });
});
