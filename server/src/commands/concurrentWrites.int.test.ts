import type { ErrorBody, LikeToggleResponse, ReportMutationResponse } from '@hiraku/shared';
import { QueryTypes } from 'sequelize';
import { createReport } from '../../test/factories';
import type { HttpClient } from '../../test/support/httpClient';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../test/support/reports';
import { memberWithSession } from '../../test/support/session';
import { startTestApp, type TestApp } from '../../test/support/testApp';
import type { Models, User } from '../models';
import { seedTaxonomy } from '../seed/taxonomy';

type Mutation = ReportMutationResponse & ErrorBody;
type Member = { client: HttpClient; user: User };

/**
 * Many members writing at the same moment against the real MariaDB: every answer is a success (or its
 * proper 4xx), never a 5xx from a deadlock, and the denormalised counters equal the rows behind them.
 */
// Bursts of 50 to 200 requests, each a full multipart save: on a busy two-core CI machine they take a while.
jest.setTimeout(180_000);

describe('concurrent writes', () => {
  let app: TestApp;
  let models: Models;
  let tags: SystemTags;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    models = app.services.models;
    await seedTaxonomy(models);
    tags = await systemTags(models);
  });
  afterAll(() => app?.close());

  const members = (count: number): Promise<Member[]> => Promise.all(Array.from({ length: count }, () => memberWithSession(app)));
  const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status);
  const form = (index: number) =>
    publishableForm(tags, {
      title: `同時保存${index}`,
      // Different tag sets, so the writes touch overlapping and disjoint tag rows.
      playContents: [tags.playContent[index % tags.playContent.length]!.id, tags.playContent[(index + 3) % tags.playContent.length]!.id],
      tools: Array.from({ length: 1 + (index % 4) }, (_, tool) => ({ name: `道具${tool}`, quantity: '' })),
    });

  async function expectCountersMatchRows(): Promise<void> {
    const drift = await app.services.sequelize.query<{ id: number }>(
      `SELECT r.id FROM reports r
        WHERE r.like_count <> (SELECT COUNT(*) FROM likes l WHERE l.report_id = r.id)
           OR r.comment_count <> (SELECT COUNT(*) FROM comments c WHERE c.report_id = r.id AND c.hidden_at IS NULL)`,
      { type: QueryTypes.SELECT },
    );
    expect(drift).toEqual([]);
  }

  async function expectChildrenOf(reportId: number, index: number): Promise<void> {
    const expected = form(index);
    expect(await models.ReportTool.count({ where: { reportId } })).toBe(expected.tools.length);
    expect(await models.ReportStep.count({ where: { reportId } })).toBe(expected.play.length);
    expect(await models.ReportTag.count({ where: { reportId } })).toBe(expected.playCategories.length + expected.playContents.length);
  }

  for (const count of [8, 50]) {
    it(`${count} members create, update and delete reports at the same moment without a 5xx`, async () => {
      const writers = await members(count);
      const created = await Promise.all(writers.map((m, i) => sendReportForm<Mutation>(m.client, 'POST', '/api/reports', form(i))));
      expect(statuses(created)).toEqual(writers.map(() => 201));
      const ids = created.map((answer) => answer.body.report._id);
      for (const [i, id] of ids.entries()) await expectChildrenOf(id, i);

      // Each saves their own again with another shape of children, while a reader re-saves too.
      const updated = await Promise.all(writers.map((m, i) => sendReportForm<Mutation>(m.client, 'PUT', `/api/reports/${ids[i]}`, form(i + 1))));
      expect(statuses(updated)).toEqual(writers.map(() => 200));
      for (const [i, id] of ids.entries()) await expectChildrenOf(id, i + 1);

      // Half delete while the other half update and create again.
      const mixed = await Promise.all(
        writers.map((m, i) =>
          i % 2 === 0
            ? m.client.delete(`/api/reports/${ids[i]}`)
            : i % 4 === 1
              ? sendReportForm<Mutation>(m.client, 'PUT', `/api/reports/${ids[i]}`, form(i + 2))
              : sendReportForm<Mutation>(m.client, 'POST', '/api/reports', form(i + 2)),
        ),
      );
      expect(statuses(mixed)).toEqual(writers.map((_, i) => (i % 2 === 0 ? 200 : i % 4 === 1 ? 200 : 201)));
      const remaining = await models.Report.count({ where: { id: ids } });
      expect(remaining).toBe(count / 2);
      await expectCountersMatchRows();
    });
  }

  it('50 members like, unlike and comment on a handful of reports at the same moment', async () => {
    const authors = await members(4);
    const reports = await Promise.all(authors.map((a) => createReport({ author: a.user })));
    const crowd = await members(50);
    const work = crowd.flatMap((m, i) => {
      const report = reports[i % reports.length]!;
      const next = reports[(i + 1) % reports.length]!;
      return [
        m.client.post<LikeToggleResponse & ErrorBody>(`/api/likes/${report.id}/toggle`),
        m.client.post<LikeToggleResponse & ErrorBody>(`/api/likes/${next.id}/toggle`, { liked: true }),
        m.client.post('/api/comments', { articleId: report.id, text: `同時コメント${i}` }),
        m.client.post('/api/comments', { articleId: next.id, text: `もう一つ${i}` }),
      ];
    });
    const answers = await Promise.all(work);
    expect(statuses(answers).filter((status) => status !== 200 && status !== 201)).toEqual([]);
    for (const [k, report] of reports.entries()) {
      // Liked by the toggles of members i % 4 === k and the "liked" requests of members i % 4 === k - 1.
      const likers = crowd.filter((_, i) => i % reports.length === k || (i + 1) % reports.length === k).length;
      expect(await models.Like.count({ where: { reportId: report.id } })).toBe(likers);
      expect(await models.Comment.count({ where: { reportId: report.id } })).toBe(likers);
    }
    await expectCountersMatchRows();

    // Everyone deletes their first comment and unlikes, while the authors delete two of the reports.
    const comments = await models.Comment.findAll({ where: { text: crowd.map((_, i) => `同時コメント${i}`) } });
    const byAuthor = new Map(comments.map((comment) => [comment.authorId, comment.id]));
    const second = await Promise.all([
      ...crowd.flatMap((m, i) => [
        m.client.delete(`/api/comments/${byAuthor.get(m.user.id)}`),
        m.client.post(`/api/likes/${reports[(i + 1) % reports.length]!.id}/toggle`, { liked: false }),
      ]),
      authors[0]!.client.delete(`/api/reports/${reports[0]!.id}`),
      authors[1]!.client.delete(`/api/reports/${reports[1]!.id}`),
    ]);
    // Writes on a report deleted meanwhile may answer 404; nothing may answer 5xx.
    expect(statuses(second).filter((status) => status !== 200 && status !== 404)).toEqual([]);
    await expectCountersMatchRows();
  });

  it('50 operators raise and lower the popularity of the same two tags in opposite directions at once', async () => {
    const [a, b] = tags.playContent;
    await models.Tag.update({ popularity: 100 }, { where: { id: [a!.id, b!.id] } });
    const crowd = await Promise.all(Array.from({ length: 50 }, () => memberWithSession(app, { role: 'operator' })));
    const answers = await Promise.all(
      crowd.map((m, i) =>
        m.client.post('/api/tags/update-popularity', i % 2 === 0 ? { newTags: [a!.id], oldTags: [b!.id] } : { newTags: [b!.id], oldTags: [a!.id] }),
      ),
    );
    expect(statuses(answers)).toEqual(crowd.map(() => 200));
    const after = await models.Tag.findAll({ where: { id: [a!.id, b!.id] }, order: [['id', 'ASC']] });
    expect(after.map((tag) => tag.popularity)).toEqual([100, 100]);
  });
});
