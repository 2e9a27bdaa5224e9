import { LIMITS, TEXTS, type CollectionList, type ErrorBody, type ReportSearchResponse, type SavedIds, type SavedPage } from '@hiraku/shared';
import { createReport, createUser, type ReportOverrides } from '../../../test/factories';
import type { HttpClient } from '../../../test/support/httpClient';
import { systemTags, type SystemTags } from '../../../test/support/reports';
import { drainOutbox } from '../../../test/support/searchOutbox';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { enqueueReportSearchSync } from '../../commands/searchOutbox';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../../jobs/searchOutboxWorker';
import type { Report, User } from '../../models';
import { seedTaxonomy } from '../../seed/taxonomy';

type Member = { client: HttpClient; user: User };

/** 保存 and collections through the API (issue 37): privacy, validation, and search inside saves through Meilisearch. */
describe('saves API', () => {
  let app: TestApp;
  let tags: SystemTags;
  let worker: SearchOutboxWorker;
  let me: Member;
  let other: Member;

  const index = async (reports: Report[]) => {
    await app.services.sequelize.transaction((transaction) => enqueueReportSearchSync(app.services.models, reports.map((r) => r.id), 'upsert', { transaction }));
    await drainOutbox(worker, app.services.models);
  };
  const savedIds = async (member: Member) => (await member.client.get<SavedPage>('/api/saves?limit=50')).body.data.map((card) => card._id);
  const searchSaved = async (member: Member, params: Record<string, string>) => {
    const res = await member.client.get<ReportSearchResponse>(`/api/saves/search?${new URLSearchParams(params).toString()}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
    worker = createSearchOutboxWorker(app.services);
    me = await signedInMember(app.baseUrl);
    other = await signedInMember(app.baseUrl);
  });
  afterAll(() => app?.close());

  it('saves and unsaves a report, lists it newest first, and answers the ids for the buttons', async () => {
    const [a, b] = [await createReport(), await createReport()];
    for (const report of [a, b]) expect((await me.client.post(`/api/saves/${report.id}`)).body).toEqual({ saved: true, message: TEXTS.saves.saved });
    expect(await savedIds(me)).toEqual([b.id, a.id]);
    expect((await me.client.get<SavedIds>('/api/saves/ids')).body.reportIds).toEqual([b.id, a.id]);
    expect((await me.client.delete(`/api/saves/${a.id}`)).body).toEqual({ saved: false, message: TEXTS.saves.unsaved });
    expect(await savedIds(me)).toEqual([b.id]);
    const missing = await me.client.post<ErrorBody>('/api/saves/999999999');
    expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 404, message: TEXTS.saves.reportNotFound });
    const badCursor = await me.client.get<ErrorBody>('/api/saves?cursor=%7Bnot-a-cursor');
    expect({ status: badCursor.status, message: badCursor.body.message }).toEqual({ status: 400, message: TEXTS.saves.invalidCursor });
  });

  it('checks collection names and answers in Japanese, changing nothing on bad input', async () => {
    const tooLong = 'あ'.repeat(LIMITS.collectionNameMax + 1);
    for (const body of [{ name: '' }, { name: '   ' }, { name: tooLong }, {}, { name: 3 }]) {
      const res = await me.client.post<ErrorBody>('/api/collections', body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: TEXTS.saves.nameLength });
    }
    expect((await me.client.get<CollectionList>('/api/collections')).body.collections).toEqual([]);
    const made = await me.client.post<{ collection: { id: number; name: string } }>('/api/collections', { name: `  ${'あ'.repeat(LIMITS.collectionNameMax)}  ` });
    expect(made.status).toBe(200);
    expect(made.body.collection.name).toBe('あ'.repeat(LIMITS.collectionNameMax));
    expect((await me.client.delete(`/api/collections/${made.body.collection.id}`)).status).toBe(200);
  });

  it("never shows one member's saves, collections or how often a report was saved to anyone else", async () => {
    const report = await createReport({ author: other.user, title: 'ひみつの棚テスト' });
    await me.client.post(`/api/saves/${report.id}`);
    const made = await me.client.post<{ collection: { id: number } }>('/api/collections', { name: '非公開の棚' });
    const collectionId = made.body.collection.id;
    await me.client.post(`/api/collections/${collectionId}/reports/${report.id}`);

    // Another member (the report's author, too) sees none of it.
    expect(await savedIds(other)).not.toContain(report.id);
    expect((await other.client.get<SavedIds>('/api/saves/ids')).body.reportIds).not.toContain(report.id);
    expect((await other.client.get<CollectionList>('/api/collections')).body.collections).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/collections/${collectionId}/reports`],
      ['PATCH', `/api/collections/${collectionId}`],
      ['DELETE', `/api/collections/${collectionId}`],
      ['POST', `/api/collections/${collectionId}/reports/${report.id}`],
      ['DELETE', `/api/collections/${collectionId}/reports/${report.id}`],
      ['PUT', `/api/collections/${collectionId}/reports/order`],
    ] as const) {
      const res = await other.client.request<ErrorBody>(method, path, { body: method === 'PATCH' ? { name: '乗っ取り' } : method === 'PUT' ? { reportIds: [] } : undefined });
      expect({ path, method, status: res.status, message: res.body.message }).toEqual({ path, method, status: 404, message: TEXTS.saves.collectionNotFound });
    }
    // Nothing about saves in what others read of the report, its card or the like counts.
    const answers = [
      await other.client.get(`/api/reports/${report.id}`),
      await other.client.get('/api/reports/infinite'),
      await other.client.get(`/api/likes/report-counts?ids=${report.id}`),
      await other.client.get(`/api/likes/${report.id}`),
    ];
    for (const res of answers) expect(JSON.stringify(res.body)).not.toMatch(/sav|collection|保存/i);
  });

  it('reorders collections and refuses a stale order', async () => {
    const member = await signedInMember(app.baseUrl);
    const ids: number[] = [];
    for (const name of ['一', '二', '三']) ids.push((await member.client.post<{ collection: { id: number } }>('/api/collections', { name })).body.collection.id);
    expect((await member.client.put('/api/collections/order', { ids: [ids[2], ids[0], ids[1]] })).status).toBe(200);
    expect((await member.client.get<CollectionList>('/api/collections')).body.collections.map((c) => c.name)).toEqual(['三', '一', '二']);
    const stale = await member.client.put<ErrorBody>('/api/collections/order', { ids: [ids[0]] });
    expect({ status: stale.status, message: stale.body.message }).toEqual({ status: 409, message: TEXTS.saves.orderMismatch });
    const duplicate = await member.client.put<ErrorBody>('/api/collections/order', { ids: [ids[0], ids[0], ids[1]] });
    expect(duplicate.status).toBe(400);
  });

  it('searches inside what I saved through Meilisearch, with the same filters as /reports, and only what I may see', async () => {
    const member = await signedInMember(app.baseUrl);
    const author = await createUser();
    const make = (overrides: ReportOverrides) => createReport({ author, description: '', ...overrides });
    const gender = tags.gender[0]!;
    const savedRope = await make({ title: '縄で後ろ手縛り', genderTagId: gender.id });
    const savedRopeOther = await make({ title: '麻縄の手入れ', genderTagId: tags.gender[1]!.id });
    const savedCollar = await make({ title: '首輪の選び方' });
    const unsavedRope = await make({ title: '縄の結び方（保存していない）' });
    await index([savedRope, savedRopeOther, savedCollar, unsavedRope]);
    for (const report of [savedRope, savedRopeOther, savedCollar]) await member.client.post(`/api/saves/${report.id}`);

    const rope = await searchSaved(member, { query: '縄' });
    expect(rope.source).toBe('search');
    expect(rope.reports.map((r) => r._id).sort()).toEqual([savedRope.id, savedRopeOther.id].sort());
    expect(rope.total).toBe(2);
    expect((await searchSaved(member, { query: '縄', gender: String(gender.id) })).reports.map((r) => r._id)).toEqual([savedRope.id]);
    expect((await searchSaved(member, { query: '首輪' })).reports.map((r) => r._id)).toEqual([savedCollar.id]);
    // Another member who saved nothing finds nothing, though the reports are public.
    expect((await searchSaved(other, { query: '首輪の選び方' })).reports).toEqual([]);

    // Hidden: out of the search and the list; visible again: back in both, with nothing re-saved.
    await savedRope.update({ hiddenAt: new Date() });
    expect((await searchSaved(member, { query: '縄' })).reports.map((r) => r._id)).toEqual([savedRopeOther.id]);
    expect(await savedIds(member)).not.toContain(savedRope.id);
    await savedRope.update({ hiddenAt: null });
    expect((await searchSaved(member, { query: '縄' })).reports.map((r) => r._id).sort()).toEqual([savedRope.id, savedRopeOther.id].sort());
    expect(await savedIds(member)).toContain(savedRope.id);

    const bad = await member.client.get<ErrorBody>('/api/saves/search?gender=1%20OR%201');
    expect(bad.status).toBe(400);
  });
});
