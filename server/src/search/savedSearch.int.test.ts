import { REPORT_DISPLAYED_ATTRIBUTES, searchReportIds, type ReportSearchDocument } from '@hiraku/search';
import type { ReportSearchResponse } from '@hiraku/shared';
import { createReport, createUser, type ReportOverrides } from '../../test/factories';
import type { HttpClient } from '../../test/support/httpClient';
import { drainOutbox } from '../../test/support/searchOutbox';
import { signedInMember } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import { enqueueReportSearchSync } from '../commands/searchOutbox';
import { createSearchOutboxWorker, type SearchOutboxWorker } from '../jobs/searchOutboxWorker';
import type { Report, User } from '../models';
import { seedTaxonomy } from '../seed/taxonomy';

type Member = { client: HttpClient; user: User };

/**
 * Search inside saves through the documents' `savedBy` (issue 37, docs/decisions.md): exactly the
 * member's visible saved reports, never another member's saves, and `savedBy` in no answer.
 */
describe('search inside saves (savedBy)', () => {
  let app: TestApp;
  let worker: SearchOutboxWorker;
  let me: Member;
  let other: Member;
  let author: User;
  let otherAuthor: User;

  const drain = () => drainOutbox(worker, app.services.models);
  const index = async (reports: Report[]) => {
    await app.services.sequelize.transaction((transaction) => enqueueReportSearchSync(app.services.models, reports.map((r) => r.id), 'upsert', { transaction }));
    await drain();
  };
  const found = async (member: Member, params: Record<string, string>) => {
    const res = await member.client.get<ReportSearchResponse>(`/api/saves/search?${new URLSearchParams(params).toString()}`);
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('search');
    return res.body.reports.map((r) => r._id).sort((a, b) => a - b);
  };
  const ids = (...reports: Report[]) => reports.map((r) => r.id).sort((a, b) => a - b);
  const make = (overrides: ReportOverrides) => createReport({ author, description: '', ...overrides });

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    worker = createSearchOutboxWorker(app.services);
    me = await signedInMember(app.baseUrl);
    other = await signedInMember(app.baseUrl);
    author = await createUser();
    otherAuthor = await createUser();
  });
  afterAll(() => app?.close());

  it("finds exactly my saved reports matching the words, through the index's savedBy, never another member's", async () => {
    const mine = await make({ title: '縄の手入れ 桜' });
    const mineToo = await make({ title: '麻縄で後ろ手 桜' });
    const theirs = await make({ title: '縄の選び方 桜' });
    const nobodys = await make({ title: '縄の結び方 桜' });
    const mineOther = await make({ title: '首輪の選び方 桜' });
    await index([mine, mineToo, theirs, nobodys, mineOther]);
    for (const report of [mine, mineToo, mineOther]) expect((await me.client.post(`/api/saves/${report.id}`)).status).toBe(200);
    expect((await other.client.post(`/api/saves/${theirs.id}`)).status).toBe(200);
    // Found at once, before the outbox has written savedBy (the pending saves are searched by id)...
    expect(await found(me, { query: '縄 桜' })).toEqual(ids(mine, mineToo));
    await drain();
    // ...and through savedBy alone once it has.
    expect((await app.services.models.SearchOutboxEntry.count())).toBe(0);
    const byEngine = await searchReportIds(app.services.search.client, app.services.search.reportsIndexUid, { query: '桜', limit: 20, savedBy: me.user.id });
    expect([...byEngine.ids].sort((a, b) => a - b)).toEqual(ids(mine, mineToo, mineOther));
    expect(await found(me, { query: '縄 桜' })).toEqual(ids(mine, mineToo));
    expect(await found(me, { query: '桜', sort: 'old' })).toEqual(ids(mine, mineToo, mineOther));
    expect(await found(other, { query: '縄 桜' })).toEqual(ids(theirs));

    // Unsaved: gone at once (the index may still name me), and after the outbox too.
    expect((await me.client.delete(`/api/saves/${mineToo.id}`)).status).toBe(200);
    expect(await found(me, { query: '縄 桜' })).toEqual(ids(mine));
    await drain();
    expect(await found(me, { query: '縄 桜' })).toEqual(ids(mine));
    expect(await found(other, { query: '縄 桜' })).toEqual(ids(theirs));
  });

  it('leaves out a saved report while it is hidden, followers-only or by a blocked author, and brings it back after', async () => {
    const hidden = await make({ title: '蝋燭の温度 梅' });
    const followersOnly = await make({ title: '蝋燭の選び方 梅' });
    const blockedOnes = await createReport({ author: otherAuthor, description: '', title: '蝋燭の片付け 梅' });
    await index([hidden, followersOnly, blockedOnes]);
    for (const report of [hidden, followersOnly, blockedOnes]) expect((await me.client.post(`/api/saves/${report.id}`)).status).toBe(200);
    await drain();
    const all = ids(hidden, followersOnly, blockedOnes);
    expect(await found(me, { query: '蝋燭 梅' })).toEqual(all);

    await hidden.update({ hiddenAt: new Date() });
    await followersOnly.update({ audience: 'followers' });
    expect((await me.client.post(`/api/blocks/${otherAuthor.publicId}`)).status).toBe(200);
    expect(await found(me, { query: '蝋燭 梅' })).toEqual([]);

    await hidden.update({ hiddenAt: null });
    await followersOnly.update({ audience: 'members' });
    expect((await me.client.delete(`/api/blocks/${otherAuthor.publicId}`)).status).toBe(200);
    expect(await found(me, { query: '蝋燭 梅' })).toEqual(all);
  });

  it('never returns savedBy: not in search hits, whatever they ask for, nor in the API answers', async () => {
    const report = await make({ title: '目隠しの話 松' });
    await index([report]);
    expect((await me.client.post(`/api/saves/${report.id}`)).status).toBe(200);
    await drain();
    const { client, reportsIndexUid } = app.services.search;
    const index_ = client.index<ReportSearchDocument>(reportsIndexUid);
    expect((await index_.getSettings()).displayedAttributes).toEqual([...REPORT_DISPLAYED_ATTRIBUTES]);
    // Meilisearch's document reads do not apply displayedAttributes: they hold savedBy (behind the
    // master key, which only the server has), so the server's one document read asks for ids only (cli/reindex.ts).
    expect((await index_.getDocument(report.id)).savedBy).toEqual([me.user.id]);
    expect((await index_.getDocuments({ fields: ['id'], limit: 1000 })).results.every((doc) => !('savedBy' in doc))).toBe(true);
    const hits = await index_.search('松', { attributesToRetrieve: ['*', 'savedBy'], filter: `savedBy = ${me.user.id}` });
    expect(hits.hits.map((hit) => hit.id)).toEqual([report.id]);
    expect(hits.hits[0]).not.toHaveProperty('savedBy');
    // The project's own answers: search, search inside saves, the report itself.
    for (const path of ['/api/reports/search/advanced?query=松', '/api/saves/search?query=松', `/api/reports/${report.id}`]) {
      const res = await me.client.get<unknown>(path);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('savedBy');
    }
  });
});
