import { TEXTS, NOTICE_TEMPLATE_MESSAGES as m, type ErrorBody, type NoticeTemplate } from '@hiraku/shared';
import { memberWithSession } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';

type Member = Awaited<ReturnType<typeof memberWithSession>>;
type TemplateAnswer = { message: string; changed: boolean; template: NoticeTemplate } & ErrorBody;

/** Issue 38: notice templates through the real app on MariaDB: placeholders checked, preview, audited changes. */
describe('notice templates (issue 38)', () => {
  let app: TestApp;
  let operator: Member;
  let admin: Member;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' }, deliverMail: false });
    [operator, admin] = await Promise.all([memberWithSession(app, { role: 'operator' }), memberWithSession(app, { role: 'admin' })]);
  });
  afterAll(() => app?.close());

  const models = () => app.services.models;
  const base = '/api/moderation/notice-templates';
  const valid = { name: '盗撮の非表示', decision: 'hide', category: 'nonConsensual', body: '{対象}は「{理由}」にあたるため、非表示にしました。' };

  it('creates, lists, updates and deletes a template, each change audited', async () => {
    const created = await operator.client.post<TemplateAnswer>(base, valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: m.created, changed: true, template: { ...valid, id: expect.any(Number) } });
    const id = created.body.template.id;

    const list = await admin.client.get<{ templates: NoticeTemplate[] }>(base);
    expect(list.body.templates.map((template) => template.id)).toContain(id);

    const renamed = await admin.client.patch<TemplateAnswer>(`${base}/${id}`, { ...valid, category: null, body: '{対象}を非表示にしました。' });
    expect([renamed.status, renamed.body.changed, renamed.body.template.category, renamed.body.template.body]).toEqual([200, true, null, '{対象}を非表示にしました。']);
    const again = await admin.client.patch<TemplateAnswer>(`${base}/${id}`, { ...valid, category: null, body: '{対象}を非表示にしました。' });
    expect([again.status, again.body.changed, again.body.message]).toEqual([200, false, m.unchanged]);

    const removed = await operator.client.delete<{ message: string }>(`${base}/${id}`);
    expect([removed.status, removed.body.message]).toEqual([200, m.removed]);
    expect(await models().NoticeTemplate.count({ where: { id } })).toBe(0);
    const gone = await operator.client.delete<ErrorBody>(`${base}/${id}`);
    expect([gone.status, gone.body.message]).toEqual([404, m.notFound]);

    const audit = await models().AuditLog.findAll({ where: { targetType: 'notice_template', targetId: String(id) }, order: [['id', 'ASC']] });
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['notice_template.create', operator.user.id],
      ['notice_template.update', admin.user.id],
      ['notice_template.delete', operator.user.id],
    ]);
  });

  it('refuses unknown placeholders and bad fields in Japanese, storing nothing', async () => {
    const before = await models().NoticeTemplate.count();
    const unknown = await operator.client.post<ErrorBody>(base, { ...valid, body: '{対象}は{違反内容}と{名前}のため削除しました。' });
    expect([unknown.status, unknown.body.message]).toEqual([400, m.unknownPlaceholder('{違反内容} {名前}', '{対象} {理由}')]);
    const cases: Array<[object, string]> = [
      [{ ...valid, body: '   ' }, m.bodyRequired],
      [{ ...valid, body: 'あ'.repeat(501) }, m.bodyTooLong],
      [{ ...valid, name: '' }, m.nameRequired],
      [{ ...valid, name: 'あ'.repeat(41) }, m.nameTooLong],
      [{ ...valid, decision: 'ban' }, m.decisionInvalid],
      [{ ...valid, category: 'rude' }, m.categoryInvalid],
    ];
    for (const [body, message] of cases) {
      const bad = await operator.client.post<ErrorBody>(base, body);
      expect([bad.status, bad.body.message]).toEqual([400, message]);
    }
    const patched = await operator.client.patch<ErrorBody>(`${base}/99999999`, valid);
    expect(patched.status).toBe(404);
    expect(await models().NoticeTemplate.count()).toBe(before);
  });

  it('previews a text with its placeholders filled, and refuses an unknown one', async () => {
    const sample = await operator.client.post<{ text: string }>(`${base}/preview`, { body: valid.body, category: 'nonConsensual' });
    expect([sample.status, sample.body.text]).toEqual([200, `${m.sampleTarget}は「${TEXTS.flag.categories.nonConsensual.label}」にあたるため、非表示にしました。`]);
    const named = await operator.client.post<{ text: string }>(`${base}/preview`, { body: '{対象}を削除しました。', target: '「夜の撮影会」' });
    expect(named.body.text).toBe('「夜の撮影会」を削除しました。');
    const bad = await operator.client.post<ErrorBody>(`${base}/preview`, { body: '{だれ}' });
    expect([bad.status, bad.body.message]).toEqual([400, m.unknownPlaceholder('{だれ}', '{対象} {理由}')]);
  });

  it('is for operators and admins only', async () => {
    const member = await memberWithSession(app);
    const refused = await member.client.post<ErrorBody>(base, valid);
    expect([refused.status, refused.body.message]).toEqual([403, TEXTS.common.operatorsOnly]);
  });
});
