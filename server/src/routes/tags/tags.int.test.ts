import {
  TEXTS,
  LIMITS,
  type ErrorBody,
  type TagItem,
  type TagMutationResponse,
  type TagName,
  type TagPopularityResponse,
} from '@hiraku/shared';
import { createCategory, createReport, createTag } from '../../../test/factories';
import { createHttpClient, type HttpClient } from '../../../test/support/httpClient';
import { startOperatorTestApp } from '../../../test/support/operatorTestApp';
import type { TestApp } from '../../../test/support/testApp';
import type { Models, User } from '../../models';

type Mutation = TagMutationResponse & ErrorBody;

describe('tags API', () => {
  let app: TestApp;
  let models: Models;
  let member: { client: HttpClient; user: User };
  let operator: { client: HttpClient; user: User };

  beforeAll(async () => {
    ({ app, models, member, operator } = await startOperatorTestApp());
  });
  afterAll(() => app?.close());

  const auditFor = (tagId: number) => models.AuditLog.findAll({ where: { targetType: 'tag', targetId: String(tagId) }, order: [['id', 'ASC']] });

  it('lets anyone read the tags with their category, and their names', async () => {
    const anonymous = createHttpClient(app.baseUrl);
    const res = await anonymous.get<TagItem[]>('/api/tags');
    expect(res.status).toBe(200);
    const rope = res.body.find((tag) => tag.name === '緊縛');
    const category = await models.Category.findOne({ where: { key: 'playCategory' } });
    expect(rope).toEqual({
      _id: expect.any(Number),
      name: '緊縛',
      order: expect.any(Number),
      parent_id: null,
      level: 1,
      category_id: { _id: category?.id, name: category?.name, key: 'playCategory' },
      popularity: 0,
    });
    const names = await anonymous.get<TagName[]>('/api/tags/names');
    expect(names.status).toBe(200);
    expect(names.body).toContainEqual({ _id: rope?._id, name: '緊縛' });
    expect(names.body).toHaveLength(res.body.length);
  });

  it('refuses members and anonymous visitors every write, changing nothing', async () => {
    const tag = await createTag({ name: '守られるタグ' });
    const attempts = [
      () => member.client.post<ErrorBody>('/api/tags', { name: '勝手なタグ' }),
      () => member.client.put<ErrorBody>(`/api/tags/${tag.id}`, { name: '改名' }),
      () => member.client.delete<ErrorBody>(`/api/tags/${tag.id}`),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'authorization_error', message: TEXTS.common.operatorsOnly });
    }
    expect((await createHttpClient(app.baseUrl).post('/api/tags', { name: 'x' })).status).toBe(401);
    expect((await models.Tag.findByPk(tag.id))?.name).toBe('守られるタグ');
    expect(await models.Tag.count({ where: { name: '勝手なタグ' } })).toBe(0);
    expect(await auditFor(tag.id)).toHaveLength(0);
  });

  it('creates a tag with the SPEC defaults and audits it', async () => {
    const res = await operator.client.post<Mutation>('/api/tags', { name: '  新しいタグ  ', parent_id: '', category_id: '' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(TEXTS.taxonomy.tagCreated);
    expect(res.body.tag).toEqual({ _id: expect.any(Number), name: '新しいタグ', order: 0, parent_id: null, level: 1, category_id: null, popularity: 0 });
    const [entry] = await auditFor(res.body.tag._id);
    expect(entry).toMatchObject({ actorId: operator.user.id, action: 'tag.create', targetType: 'tag' });
    expect(entry?.details).toMatchObject({ after: { name: '新しいタグ', order: 0, level: 1 } });
  });

  it('creates a tag with every field given', async () => {
    const category = await createCategory();
    const parent = await createTag({ category });
    const res = await operator.client.post<Mutation>('/api/tags', {
      name: '子タグ',
      order: '3',
      level: 2,
      popularity: 5,
      parent_id: String(parent.id),
      category_id: category.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.tag).toMatchObject({ order: 3, level: 2, popularity: 5, parent_id: parent.id, category_id: { _id: category.id, name: category.name, key: null } });
  });

  it('refuses a missing, blank or over-long name and bad numbers and references', async () => {
    const before = await models.Tag.count();
    const refuse = async (body: object, message: string) => {
      const res = await operator.client.post<ErrorBody>('/api/tags', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await refuse({}, TEXTS.taxonomy.tagNameRequired);
    await refuse({ name: '   ' }, TEXTS.taxonomy.tagNameRequired);
    await refuse({ name: 'あ'.repeat(LIMITS.tagNameMax + 1) }, TEXTS.taxonomy.tagNameTooLong);
    await refuse({ name: 'x', order: -1 }, TEXTS.taxonomy.numberInvalid);
    await refuse({ name: 'x', popularity: 'many' }, TEXTS.taxonomy.numberInvalid);
    await refuse({ name: 'x', level: 0 }, TEXTS.taxonomy.levelInvalid);
    await refuse({ name: 'x', parent_id: 99_999_999 }, TEXTS.taxonomy.parentInvalid);
    await refuse({ name: 'x', category_id: 99_999_999 }, TEXTS.taxonomy.categoryNotFound);
    expect(await models.Tag.count()).toBe(before);
  });

  it('refuses a duplicate name within a category (unclassified included) with 409', async () => {
    const category = await createCategory();
    await createTag({ name: '重複', category });
    const dup = await operator.client.post<ErrorBody>('/api/tags', { name: '重複', category_id: category.id });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(TEXTS.taxonomy.nameTaken);
    expect((await operator.client.post('/api/tags', { name: '重複' })).status).toBe(201);
    expect((await operator.client.post('/api/tags', { name: '重複' })).status).toBe(409);
    // The same name in another category is another tag.
    expect((await operator.client.post('/api/tags', { name: '重複', category_id: (await createCategory()).id })).status).toBe(201);
  });

  it('renames a tag, re-indexes the reports that use it and audits before and after', async () => {
    const category = await models.Category.findOne({ where: { key: 'playContent' } });
    const tag = await createTag({ name: '改名前', category });
    const gender = await createTag({ name: '性別タグ' });
    const linked = await createReport({ playContents: [tag] });
    const direct = await createReport({ genderTagId: gender.id });
    const res = await operator.client.put<Mutation>(`/api/tags/${tag.id}`, { name: '改名後', order: 4 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEXTS.taxonomy.tagUpdated);
    expect(res.body.tag).toMatchObject({ name: '改名後', order: 4, level: 1, category_id: { key: 'playContent' } });
    const outbox = await models.SearchOutboxEntry.findAll({ where: { aggregateType: 'report', aggregateId: String(linked.id) } });
    expect(outbox.map((entry) => entry.operation)).toEqual(['upsert']);
    const [entry] = await auditFor(tag.id);
    expect(entry?.details).toMatchObject({ before: { name: '改名前', order: 0 }, after: { name: '改名後', order: 4 } });

    await operator.client.put(`/api/tags/${gender.id}`, { name: '性別タグ2' });
    expect(await models.SearchOutboxEntry.count({ where: { aggregateId: String(direct.id) } })).toBe(1);
    // A change that leaves the name alone does not touch the index.
    await operator.client.put(`/api/tags/${tag.id}`, { popularity: 2 });
    expect(await models.SearchOutboxEntry.count({ where: { aggregateId: String(linked.id) } })).toBe(1);
  });

  it('refuses a parent that would make the tree loop, and clears parent and category on request', async () => {
    const category = await createCategory();
    const a = await createTag({ category });
    const b = await createTag({ category, parentId: a.id });
    const c = await createTag({ category, parentId: b.id });
    for (const parent of [a.id, c.id]) {
      const res = await operator.client.put<ErrorBody>(`/api/tags/${a.id}`, { parent_id: parent });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TEXTS.taxonomy.parentCycle);
    }
    expect((await models.Tag.findByPk(a.id))?.parentId).toBeNull();
    const cleared = await operator.client.put<Mutation>(`/api/tags/${c.id}`, { parent_id: null, category_id: '' });
    expect(cleared.body.tag).toMatchObject({ parent_id: null, category_id: null });
    expect((await operator.client.put(`/api/tags/${a.id}`, { name: '' })).status).toBe(400);
    expect((await operator.client.put('/api/tags/99999999', { name: 'x' })).status).toBe(404);
  });

  it('deletes a tag: reports lose it and are re-indexed, and it is audited', async () => {
    const category = await models.Category.findOne({ where: { key: 'playCategory' } });
    const tag = await createTag({ name: '消すタグ', category });
    const report = await createReport({ playCategories: [tag] });
    const res = await operator.client.delete<{ message: string }>(`/api/tags/${tag.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TEXTS.taxonomy.tagDeleted });
    expect(await models.Tag.findByPk(tag.id)).toBeNull();
    expect(await models.ReportTag.count({ where: { reportId: report.id } })).toBe(0);
    expect(await models.SearchOutboxEntry.count({ where: { aggregateId: String(report.id) } })).toBe(1);
    expect((await auditFor(tag.id)).map((e) => e.action)).toEqual(['tag.delete']);
    expect((await operator.client.delete(`/api/tags/${tag.id}`)).status).toBe(404);
  });

  it('lets no member move popularity: the popular keywords count listed reports instead', async () => {
    const tag = await createTag({ popularity: 2 });
    const res = await member.client.post<ErrorBody>('/api/tags/update-popularity', { newTags: [tag.id], oldTags: [] });
    expect(res.status).toBe(403);
    expect((await models.Tag.findByPk(tag.id))?.popularity).toBe(2);
  });

  it('updates popularity for operators: +1 for new tags, -1 for old ones, never below 0', async () => {
    const a = await createTag({ popularity: 0 });
    const b = await createTag({ popularity: 2 });
    const c = await createTag({ popularity: 0 });
    const res = await operator.client.post<TagPopularityResponse>('/api/tags/update-popularity', { newTags: [a.id, String(a.id)], oldTags: [b.id, c.id] });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual([
      { _id: a.id, popularity: 1 },
      { _id: b.id, popularity: 1 },
      { _id: c.id, popularity: 0 },
    ]);
    await Promise.all(Array.from({ length: 10 }, () => operator.client.post('/api/tags/update-popularity', { newTags: [a.id], oldTags: [] })));
    expect((await models.Tag.findByPk(a.id))?.popularity).toBe(11);

    const unknown = await operator.client.post<ErrorBody>('/api/tags/update-popularity', { newTags: [a.id, 99_999_999], oldTags: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(TEXTS.taxonomy.popularityTagsInvalid);
    expect((await models.Tag.findByPk(a.id))?.popularity).toBe(11);
    const tooMany = await operator.client.post<ErrorBody>('/api/tags/update-popularity', { newTags: Array.from({ length: 14 }, (_, i) => i + 1), oldTags: [] });
    expect(tooMany.status).toBe(400);
    expect((await createHttpClient(app.baseUrl).post('/api/tags/update-popularity', { newTags: [a.id], oldTags: [] })).status).toBe(401);
  });
});
