import { reportInputSchema, type ReportInput } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { createReport as createReportRow, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { seedTaxonomy } from '../seed/taxonomy';
import { createComment } from './commentCreator';
import { reportComment } from './commentReporter';
import { toggleLike } from './likeToggler';
import { createReport } from './reportCreator';
import { deleteReport } from './reportDeleter';
import { encodeFeedCursor } from './reportFeedCursor';
import { loadReportFeed } from './reportFeedLoader';
import { updateReport } from './reportUpdater';
import { updateTagPopularity } from './tagPopularityUpdater';

/**
 * The report, like and comment commands on both databases the server runs on: MariaDB, and the embedded
 * SQLite of `npm start` without DATABASE_URL. Their raw SQL (counters, catch-up query) must work on both.
 */
describe.each(TEST_BACKENDS)('community commands on %s', (_name, open) => {
  let db: TestBackend;
  let input: ReportInput;

  beforeAll(async () => {
    db = await open();
    await seedTaxonomy(db.models);
    const first = async (key: string) => {
      const category = await db.models.Category.findOne({ where: { key } });
      const tag = await db.models.Tag.findOne({ where: { categoryId: category?.id ?? -1 }, order: [['id', 'ASC']] });
      if (!tag) throw new Error(`no ${key} tag`);
      return tag.id;
    };
    input = reportInputSchema.parse({
      title: '両方のデータベースで',
      description: '感想',
      isDraft: false,
      gender: await first('gender'),
      sexualOrientation: await first('sexualOrientation'),
      role: await first('role'),
      playCategories: [await first('playCategory')],
      playContents: [await first('playContent')],
      tools: [{ name: '縄', quantity: '1本' }],
      play: [{ action: '結ぶ' }],
    });
  });
  afterAll(() => db?.drop());

  const tx = <T>(work: (transaction: Transaction) => Promise<T>): Promise<T> => db.sequelize.transaction(work);

  it('creates, likes, comments, hides, pages and deletes a report', async () => {
    const author = await createUser();
    const { report } = await tx((transaction) => createReport(db.models, { authorId: author.id, input, images: null }, { transaction }));
    expect(report.listed).toBe(true);

    const deps = { models: db.models, sequelize: db.sequelize };
    const members = [await createUser(), await createUser(), await createUser(), await createUser()];
    for (const member of members) {
      expect(await tx((transaction) => toggleLike(deps, { viewer: member, reportId: report.id }, { transaction }))).toMatchObject({ liked: true });
    }
    expect(await tx((transaction) => toggleLike(deps, { viewer: members[0] ?? author, reportId: report.id }, { transaction }))).toEqual({
      liked: false,
      likeCount: 3,
    });

    const { comment } = await tx((transaction) => createComment(deps, { viewer: author, input: { articleId: report.id, text: 'ありがとう' } }, { transaction }));
    expect((await db.models.Report.findByPk(report.id))?.commentCount).toBe(1);
    for (const member of members.slice(0, 3)) await tx((transaction) => reportComment(deps, { viewer: member, commentId: comment.id }, { transaction }));
    expect((await db.models.Comment.findByPk(comment.id))?.hiddenAt).toBeInstanceOf(Date);
    expect((await db.models.Report.findByPk(report.id))?.commentCount).toBe(0);

    // The catch-up query compares like times: the report's likes are newer than a cursor made a minute ago,
    // and without them it would sit below the cursor, so it is caught up; `older` has no recent likes.
    const older = await createReportRow({ author, likeCount: 3 });
    const cursorAt = (at: number) => encodeFeedCursor({ sort: 'like', key: 2, id: 1, at });
    const caught = await loadReportFeed(deps, { sort: 'like', lastKey: cursorAt(Date.now() - 60_000), limit: 8 });
    expect(caught.reports.map((r) => r.id)).toEqual([report.id]);
    const notCaught = await loadReportFeed(deps, { sort: 'like', lastKey: cursorAt(Date.now() + 60_000), limit: 8 });
    expect(notCaught.reports).toEqual([]);
    const byAge = await loadReportFeed(deps, { sort: 'old', limit: 1 });
    expect(byAge.hasMore).toBe(true);
    const rest = await loadReportFeed(deps, { sort: 'old', limit: 8, lastKey: byAge.nextKey ?? undefined });
    expect([...byAge.reports, ...rest.reports].map((r) => r.id)).toEqual([report.id, older.id]);

    await tx((transaction) => updateReport(db.models, { viewer: author, reportId: report.id, input: { ...input, isDraft: true }, images: null }, { transaction }));
    expect((await db.models.Report.findByPk(report.id))?.listed).toBe(false);
    await tx((transaction) => deleteReport(db.models, { viewer: author, reportId: report.id }, { transaction }));
    expect(await db.models.Report.findByPk(report.id)).toBeNull();
    expect(await db.models.SearchOutboxEntry.count({ where: { aggregateId: String(report.id), operation: 'delete' } })).toBe(1);
  });

  it('moves tag popularity up and down, never below 0', async () => {
    const [a, b] = await db.models.Tag.findAll({ order: [['id', 'ASC']], limit: 2 });
    if (!a || !b) throw new Error('no tags');
    const deps = { models: db.models, sequelize: db.sequelize };
    const changed = await tx((transaction) => updateTagPopularity(deps, { newTags: [a.id], oldTags: [b.id] }, { transaction }));
    expect(changed).toEqual([
      { _id: a.id, popularity: 1 },
      { _id: b.id, popularity: 0 },
    ]);
  });
});
