import { TEXTS, LIMITS, type CategoryItem, type CategoryMutationResponse, type ErrorBody } from '@hiraku/shared';
import { createTag } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { startOperatorTestApp } from '../../../test/support/operatorTestApp';
import type { TestApp } from '../../../test/support/testApp';
import type { Models, User } from '../../models';

type Mutation = CategoryMutationResponse & ErrorBody;

describe('categories API', () => {
  let app: TestApp;
  let models: Models;
  let member: { client: HttpClient; user: User };
  let operator: { client: HttpClient; user: User };

  beforeAll(async () => {
    ({ app, models, member, operator } = await startOperatorTestApp());
  });
  afterAll(() => app?.close());

  const auditFor = (id: number) => models.AuditLog.findAll({ where: { targetType: 'category', targetId: String(id) }, order: [['id', 'ASC']] });

  it('lists the categories in order for anyone, system ones with their key', async () => {
    const res = await createHttpClient(app.baseUrl).get<CategoryItem[]>('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.key)).toEqual(['gender', 'sexualOrientation', 'role', 'tools', 'playCategory', 'playContent']);
    expect(res.body[0]).toEqual({ _id: expect.any(Number), name: '性別', level: 1, order: expect.any(Number), key: 'gender' });
  });

  it('adds a trimmed category at level 1 and last in the list, and audits it', async () => {
    const count = await models.Category.count();
    const res = await operator.client.post<Mutation>('/api/categories', { name: '  シチュエーション  ' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(TEXTS.taxonomy.categoryCreated);
    expect(res.body.category).toEqual({ _id: expect.any(Number), name: 'シチュエーション', level: 1, order: count + 1, key: null });
    const [entry] = await auditFor(res.body.category._id);
    expect(entry).toMatchObject({ actorId: operator.user.id, action: 'category.create' });
    // The client may send the level and order it computed, as the original did.
    const explicit = await operator.client.post<Mutation>('/api/categories', { name: '場所', level: 2, order: 40 });
    expect(explicit.body.category).toMatchObject({ level: 2, order: 40 });
  });

  it('refuses blank, over-long and duplicate names', async () => {
    const before = await models.Category.count();
    for (const name of ['', '   ', undefined]) {
      const res = await operator.client.post<ErrorBody>('/api/categories', { name });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TEXTS.taxonomy.categoryNameRequired);
    }
    const long = await operator.client.post<ErrorBody>('/api/categories', { name: 'あ'.repeat(LIMITS.categoryNameMax + 1) });
    expect(long.body.message).toBe(TEXTS.taxonomy.categoryNameTooLong);
    const dup = await operator.client.post<ErrorBody>('/api/categories', { name: '性別' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(TEXTS.taxonomy.nameTaken);
    expect(await models.Category.count()).toBe(before);
  });

  it('refuses members every write', async () => {
    const gender = await models.Category.findOne({ where: { key: 'gender' } });
    for (const res of [
      await member.client.post<ErrorBody>('/api/categories', { name: '会員のカテゴリ' }),
      await member.client.put<ErrorBody>(`/api/categories/${gender?.id}`, { name: '改名' }),
      await member.client.delete<ErrorBody>(`/api/categories/${gender?.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(TEXTS.common.operatorsOnly);
    }
    expect((await models.Category.findByPk(gender?.id))?.name).toBe('性別');
  });

  it('renames a category, system ones included, and audits before and after', async () => {
    const role = await models.Category.findOne({ where: { key: 'role' } });
    const res = await operator.client.put<Mutation>(`/api/categories/${role?.id}`, { name: ' 性癖 ', order: 9 });
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({ name: '性癖', order: 9, key: 'role' });
    const entries = await auditFor(role?.id ?? 0);
    expect(entries.at(-1)?.details).toMatchObject({ before: { name: '性癖（ロール）' }, after: { name: '性癖', order: 9 } });
    expect((await operator.client.put<ErrorBody>(`/api/categories/${role?.id}`, { name: '性別' })).status).toBe(409);
    expect((await operator.client.put<ErrorBody>(`/api/categories/${role?.id}`, { name: ' ' })).status).toBe(400);
    expect((await operator.client.put('/api/categories/99999999', { name: 'x' })).status).toBe(404);
  });

  it('refuses to delete a system category, and deletes another leaving its tags unclassified', async () => {
    const gender = await models.Category.findOne({ where: { key: 'gender' } });
    const locked = await operator.client.delete<ErrorBody>(`/api/categories/${gender?.id}`);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(TEXTS.taxonomy.systemCategoryLocked);
    expect(await models.Category.findByPk(gender?.id)).not.toBeNull();

    const created = await operator.client.post<Mutation>('/api/categories', { name: '消すカテゴリ' });
    const tag = await createTag({ category: await models.Category.findByPk(created.body.category._id) });
    const res = await operator.client.delete<{ message: string }>(`/api/categories/${created.body.category._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.taxonomy.categoryDeleted });
    expect((await models.Tag.findByPk(tag.id))?.categoryId).toBeNull();
    expect((await auditFor(created.body.category._id)).map((e) => e.action)).toEqual(['category.create', 'category.delete']);
  });
});
