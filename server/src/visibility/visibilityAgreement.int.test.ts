import { Op, QueryTypes } from 'sequelize';
import { createOperator, createReport, createUser } from '../../test/factories';
import { TEST_BACKENDS, type TestBackend } from '../../test/support/backends';
import { disagreements, visibilityVerdicts, type VisibilityForms } from '../../test/support/visibilityAgreement';
import type { Comment, Report } from '../models';
import type { Viewer } from '../policies/viewer';
import { commentFacts, reportFacts } from './facts';
import { canSeeComment, canSeeReport } from './predicates';
import { visibleCommentsWhere, visibleReportsWhere } from './queries';
import { visibleCommentSql, visibleReportSql } from './sql';

/**
 * The predicate (one record), the Sequelize condition and the raw SQL condition are three spellings of
 * one rule; each read path uses one of them. Every state a report or comment can be in, seen by every
 * kind of viewer, must get the same answer from all three.
 */
describe.each(TEST_BACKENDS)('visibility forms agree on %s', (_name, open) => {
  let db: TestBackend;
  let viewers: Array<readonly [string, Viewer]>;
  let reports: Array<{ state: string; report: Report }>;
  let comments: Array<{ state: string; comment: Comment }>;

  beforeAll(async () => {
    db = await open();
    const author = await createUser();
    const suspended = await createUser({ suspendedAt: new Date() });
    const member = await createUser();
    const operator = await createOperator();
    viewers = [
      ['anonymous', null],
      ['author', author],
      ['suspended author', suspended],
      ['member', member],
      ['operator', operator],
    ];
    const hiddenAt = new Date();
    const states: Array<[string, Parameters<typeof createReport>[0]]> = [
      ['published', { author }],
      ['draft', { author, isDraft: true }],
      ['hidden', { author, hiddenAt }],
      ['hidden draft', { author, isDraft: true, hiddenAt }],
      ['author suspended', { author: suspended }],
      ['draft of a suspended author', { author: suspended, isDraft: true }],
      // `listed` left stale by a change that did not recompute it: the flags still hide the report.
      ['hidden, listed column stale', { author, hiddenAt, listed: true }],
      ['suspended, listed column stale', { author: suspended, listed: true }],
    ];
    reports = [];
    for (const [state, overrides] of states) reports.push({ state, report: await createReport(overrides) });

    const onReport = reports[0]!.report;
    const commentStates: Array<[string, { authorId: number; hiddenAt?: Date; deletedAt?: Date }]> = [
      ['shown', { authorId: author.id }],
      ['hidden', { authorId: author.id, hiddenAt }],
      ['deleted', { authorId: author.id, deletedAt: new Date() }],
      ['hidden and deleted', { authorId: author.id, hiddenAt, deletedAt: new Date() }],
      ['author suspended', { authorId: suspended.id }],
      ['by the member', { authorId: member.id }],
    ];
    comments = [];
    for (const [state, attributes] of commentStates) {
      comments.push({ state, comment: await db.models.Comment.create({ reportId: onReport.id, text: `コメント（${state}）`, ...attributes }) });
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  const selectIds = async (sql: string, ids: number[]): Promise<number[]> =>
    (await db.sequelize.query<{ id: number | string }>(sql, { replacements: { ids }, type: QueryTypes.SELECT })).map((row) => Number(row.id));

  it('for reports: canSeeReport, visibleReportsWhere and visibleReportSql', async () => {
    const loaded = await db.models.Report.findAll({ where: { id: reports.map(({ report }) => report.id) }, include: [{ model: db.models.User, as: 'author' }] });
    const stateOf = new Map(reports.map(({ state, report }) => [report.id, state]));
    const forms: VisibilityForms<Report> = {
      rows: loaded,
      idOf: (report) => report.id,
      predicate: (viewer, report) => canSeeReport(viewer, reportFacts(report)),
      sequelize: async (viewer, ids) =>
        (
          await db.models.Report.findAll({
            attributes: ['id'],
            where: { [Op.and]: [{ id: ids }, visibleReportsWhere(viewer)] },
            include: [{ model: db.models.User, as: 'author', attributes: [], required: true }],
          })
        ).map((report) => report.id),
      sql: (viewer, ids) => selectIds(`SELECT r.id AS id FROM reports r WHERE r.id IN (:ids) AND ${visibleReportSql(viewer, 'r')}`, ids),
    };
    const verdicts = await visibilityVerdicts(forms, viewers, (report) => stateOf.get(report.id) ?? String(report.id));
    expect(disagreements(verdicts)).toEqual([]);
    // The rule sorts, rather than letting everything or nothing through, for every viewer.
    for (const [label] of viewers) {
      const seen = verdicts.filter((verdict) => verdict.viewer === label).map((verdict) => verdict.predicate);
      expect({ label, some: seen.includes(true), notAll: seen.includes(false) }).toEqual({ label, some: true, notAll: true });
    }
  });

  it('for comments: canSeeComment, visibleCommentsWhere and visibleCommentSql', async () => {
    const loaded = await db.models.Comment.findAll({ where: { id: comments.map(({ comment }) => comment.id) }, include: [{ model: db.models.User, as: 'author' }] });
    const stateOf = new Map(comments.map(({ state, comment }) => [comment.id, state]));
    const forms: VisibilityForms<Comment> = {
      rows: loaded,
      idOf: (comment) => comment.id,
      predicate: (viewer, comment) => canSeeComment(viewer, commentFacts(comment)),
      sequelize: async (viewer, ids) =>
        (
          await db.models.Comment.findAll({
            attributes: ['id'],
            where: { [Op.and]: [{ id: ids }, visibleCommentsWhere(viewer)] },
            include: [{ model: db.models.User, as: 'author', attributes: [], required: true }],
          })
        ).map((comment) => comment.id),
      sql: (viewer, ids) => selectIds(`SELECT c.id AS id FROM comments c WHERE c.id IN (:ids) AND ${visibleCommentSql(viewer, 'c')}`, ids),
    };
    const verdicts = await visibilityVerdicts(forms, viewers, (comment) => stateOf.get(comment.id) ?? String(comment.id));
    expect(disagreements(verdicts)).toEqual([]);
    for (const [label] of viewers) {
      const seen = verdicts.filter((verdict) => verdict.viewer === label).map((verdict) => verdict.predicate);
      expect({ label, some: seen.includes(true), notAll: seen.includes(false) }).toEqual({ label, some: true, notAll: true });
    }
  });
});
