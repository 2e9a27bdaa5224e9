import { TEXTS, CONTACT_CATEGORY_LABELS, LIMITS, type EnquiryHandledResponse, type EnquiryItem, type EnquiryListResponse } from '@hiraku/shared';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/support/appWithMail';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { eventually } from '../../../test/support/searchOutbox';
import { signedInMember } from '../../../test/support/session';

const SUPPORT = 'help-desk@example.jp';

describe('contact enquiries', () => {
  let app: TestAppWithMail;
  let operator: HttpClient;
  beforeAll(async () => {
    app = await startTestAppWithMail({ env: { RATE_LIMIT_FACTOR: '1000', SUPPORT_EMAIL: SUPPORT } });
    operator = (await signedInMember(app.baseUrl, { role: 'operator' })).client;
  });
  afterAll(() => app.close());

  const models = () => app.services.models;
  const nothingQueued = async () => (await models().MailOutboxEntry.count()) === 0;

  it('sends a visitor enquiry to the configured support address with the subject and body of docs/product.md, and keeps a copy', async () => {
    const before = await app.mails();
    const content = '退会したあとも、投稿したレポートの画像が\r\n検索に出てくるようです。確認をお願いします。';
    const res = await createHttpClient(app.baseUrl).post('/api/contact', { category: 'content', name: '', email: '', content });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: TEXTS.contact.sent });

    const mail = await app.nextMailTo(SUPPORT, { seen: before });
    expect(mail.subject).toBe(`【ひらく】お問い合わせ（${CONTACT_CATEGORY_LABELS.content}）退会したあとも、投稿したレポートの画像が`);
    expect(mail.text).toContain(`お問い合わせの種類: ${CONTACT_CATEGORY_LABELS.content}\nお名前: 匿名\nメールアドレス: 記入なし\n送信者: ログインしていない訪問者`);
    expect(mail.text).toContain('お問い合わせ内容:\n退会したあとも、投稿したレポートの画像が\n検索に出てくるようです。確認をお願いします。');

    const stored = await models().ContactEnquiry.findOne({ order: [['id', 'DESC']] });
    expect(stored).toMatchObject({ userId: null, category: 'content', name: null, email: null, handledAt: null });
  });

  it('names a signed-in member and the address they gave, yet never mails anyone but support', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const before = await app.mails();
    const res = await client.post('/api/contact', {
      category: 'account',
      name: '縄好き',
      email: 'Reply-Here@Example.com',
      content: 'ログインできません。',
      // Fields a script might add to turn the form into a relay: ignored.
      to: 'victim@example.org',
      subject: '当選のお知らせ',
    });
    expect(res.status).toBe(201);
    const mail = await app.nextMailTo(SUPPORT, { seen: before });
    expect(mail.subject).toBe(`【ひらく】お問い合わせ（${CONTACT_CATEGORY_LABELS.account}）ログインできません。`);
    expect(mail.text).toContain('お名前: 縄好き\nメールアドレス: Reply-Here@Example.com\n送信者: 会員');
    const stored = await models().ContactEnquiry.findOne({ order: [['id', 'DESC']] });
    expect(stored?.userId).toBe(user.id);
    await eventually(nothingQueued, 10_000, 'the outbox is empty');
    expect((await app.mails()).filter((m) => !before.some((b) => b.file === m.file)).map((m) => m.to)).toEqual([SUPPORT]);
  });

  it('has no general mail-sending call', async () => {
    const res = await createHttpClient(app.baseUrl).post('/api/utils/send-email', { to: 'victim@example.org', subject: 'x', body: 'y' });
    expect(res.status).toBe(404);
    expect(await models().MailOutboxEntry.count({ where: { recipient: 'victim@example.org' } })).toBe(0);
  });

  it.each([
    ['no category', { content: '内容' }, 'category', TEXTS.contact.categoryRequired],
    ['an unknown category', { category: 'spam', content: '内容' }, 'category', TEXTS.contact.categoryRequired],
    ['blank content', { category: 'other', content: ' \n ' }, 'content', TEXTS.contact.contentRequired],
    ['content over the limit', { category: 'other', content: 'あ'.repeat(LIMITS.contactContentMax + 1) }, 'content', TEXTS.contact.contentTooLong],
    ['a name over the limit', { category: 'other', name: 'な'.repeat(LIMITS.contactNameMax + 1), content: '内容' }, 'name', TEXTS.contact.nameTooLong],
    ['an address that is not one', { category: 'other', email: 'not-an-address', content: '内容' }, 'email', TEXTS.account.emailInvalid],
  ])('refuses %s with a Japanese message, storing and sending nothing', async (_label, body, field, message) => {
    const enquiries = await models().ContactEnquiry.count();
    const queued = await models().MailOutboxEntry.count();
    const res = await createHttpClient(app.baseUrl).post('/api/contact', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_error', message, fields: { [field]: message } });
    expect(await models().ContactEnquiry.count()).toBe(enquiries);
    expect(await models().MailOutboxEntry.count()).toBe(queued);
  });

  it('tells the pages the configured support address', async () => {
    const res = await createHttpClient(app.baseUrl).get('/api/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ supportEmail: SUPPORT, imageOrigin: null, siteOrigin: new URL(app.services.env.publicUrl).origin });
  });

  describe('operators', () => {
    it('refuses visitors and members', async () => {
      expect((await createHttpClient(app.baseUrl).get('/api/moderation/enquiries')).status).toBe(401);
      const { client } = await signedInMember(app.baseUrl);
      expect((await client.get('/api/moderation/enquiries')).status).toBe(403);
      expect((await client.put('/api/moderation/enquiries/1/handled', { handled: true })).status).toBe(403);
    });

    it('list, read and mark enquiries handled, seeing senders by public id only', async () => {
      const { client, user } = await signedInMember(app.baseUrl);
      expect((await client.post('/api/contact', { category: 'bug', content: '画像が表示されません。' })).status).toBe(201);

      const list = await operator.get<EnquiryListResponse>('/api/moderation/enquiries');
      expect(list.status).toBe(200);
      const newest = list.body.enquiries[0] as EnquiryItem;
      expect(newest).toMatchObject({ category: 'bug', categoryLabel: CONTACT_CATEGORY_LABELS.bug, content: '画像が表示されません。', memberPublicId: user.publicId, handledAt: null });
      expect(JSON.stringify(list.body)).not.toContain('userId');
      expect(list.body.enquiries.every((item) => item.handledAt === null)).toBe(true);

      const one = await operator.get<EnquiryItem>(`/api/moderation/enquiries/${newest._id}`);
      expect(one.body).toEqual(newest);

      const handled = await operator.put<EnquiryHandledResponse>(`/api/moderation/enquiries/${newest._id}/handled`, { handled: true });
      expect(handled.status).toBe(200);
      expect(handled.body.message).toBe(TEXTS.contact.markedHandled);
      expect(handled.body.enquiry.handledAt).not.toBeNull();
      const open = await operator.get<EnquiryListResponse>('/api/moderation/enquiries');
      expect(open.body.enquiries.map((item) => item._id)).not.toContain(newest._id);
      const done = await operator.get<EnquiryListResponse>('/api/moderation/enquiries?status=handled');
      expect(done.body.enquiries.map((item) => item._id)).toEqual([newest._id]);
      expect(await models().AuditLog.count({ where: { action: 'enquiry.handle', targetId: String(newest._id) } })).toBe(1);

      const reopened = await operator.put<EnquiryHandledResponse>(`/api/moderation/enquiries/${newest._id}/handled`, { handled: false });
      expect(reopened.body.enquiry.handledAt).toBeNull();
    });

    it('answers 404 for an unknown enquiry and 400 for a bad mark', async () => {
      expect((await operator.get('/api/moderation/enquiries/999999')).status).toBe(404);
      expect((await operator.put('/api/moderation/enquiries/999999/handled', { handled: true })).status).toBe(404);
      const [any] = (await operator.get<EnquiryListResponse>('/api/moderation/enquiries?status=all')).body.enquiries;
      expect((await operator.put(`/api/moderation/enquiries/${any?._id}/handled`, { handled: 'yes' })).status).toBe(400);
      for (const query of ['status=maybe', 'before=-3']) {
        const res = await operator.get(`/api/moderation/enquiries?${query}`);
        expect([res.status, res.body.message]).toEqual([400, TEXTS.common.invalidInput]);
      }
    });
  });
});
