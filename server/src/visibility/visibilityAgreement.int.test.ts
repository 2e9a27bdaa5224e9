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
import { isReportShownInLists, listRelationsShow, loadListRelations, loadMutedWords, loadRelationTo, mutedWordPattern, relationReplacements, reportShownInListsSql, reportShownInListsWhere } from './relations';
import { foldForMatching } from '@hiraku/search';
import { contentWarningMask, CONTENT_WARNING_KEYS, type ContentWarningKey } from '@hiraku/shared';
import { saveContentWarningSettings } from '../commands/contentWarnings/warningSettings';
import { writeTransaction } from '../db/transaction';
import { loadContentWarningMasks } from './contentWarnings';
import { isSavedReportShown, savedReportShownSql } from './savedReports';

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
    // Issue 36: an approved follower of the author, a member whose request waits, one whose was declined.
    const follower = await createUser();
    const requester = await createUser();
    const declined = await createUser();
    for (const [who, state] of [[follower, 'approved'], [requester, 'pending'], [declined, 'declined']] as const) {
      await db.sequelize.query("INSERT INTO member_follows (follower_id, followee_id, state, created_at) VALUES (:who, :author, :state, '2026-01-01 00:00:00')", {
        replacements: { who: who.id, author: author.id, state },
      });
    }
    viewers = [
      ['anonymous', null],
      ['author', author],
      ['suspended author', suspended],
      ['member', member],
      ['operator', operator],
      ['follower', follower],
      ['pending requester', requester],
      ['declined requester', declined],
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
      // Issue 36: フォロワーのみ.
      ['followers only', { author, audience: 'followers' }],
      ['followers only, draft', { author, audience: 'followers', isDraft: true }],
      ['followers only, hidden', { author, audience: 'followers', hiddenAt }],
      ['followers only, author suspended', { author: suspended, audience: 'followers' }],
      ['followers only, listed column stale', { author, audience: 'followers', listed: true }],
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
    const approved = new Set(
      (await db.sequelize.query<{ follower_id: number; followee_id: number }>("SELECT follower_id, followee_id FROM member_follows WHERE state = 'approved'", { type: QueryTypes.SELECT })).map(
        (row) => `${row.follower_id}:${row.followee_id}`,
      ),
    );
    const forms: VisibilityForms<Report> = {
      rows: loaded,
      idOf: (report) => report.id,
      // The follow fact is the loader's per viewer (withViewerFollow); here read from the same table.
      predicate: (viewer, report) => canSeeReport(viewer, { ...reportFacts(report), viewerFollowsAuthor: approved.has(`${viewer?.id}:${report.authorId}`) }),
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

  /** Which of `ids` the Sequelize and the raw SQL forms of reportShownInLists keep for `viewerId`. */
  async function shownInListsBy(ids: number[], viewerId: number, now: Date): Promise<{ bySequelize: Set<number>; bySql: Set<number> }> {
    const bySequelize = new Set(
      (await db.models.Report.findAll({ attributes: ['id'], where: { [Op.and]: [{ id: ids }, reportShownInListsWhere(db.sequelize, viewerId, now, '`Report`')] } })).map((r) => r.id),
    );
    const rows = await db.sequelize.query<{ id: number | string }>(`SELECT r.id AS id FROM reports r WHERE r.id IN (:ids) AND ${reportShownInListsSql('r')}`, {
      replacements: { ids, ...relationReplacements(db.sequelize, viewerId, now) },
      type: QueryTypes.SELECT,
    });
    return { bySequelize, bySql: new Set(rows.map((row) => Number(row.id))) };
  }

  it("for a viewer's relations (issue 19): isReportShownInLists, reportShownInListsWhere, reportShownInListsSql and listRelationsShow", async () => {
    const now = new Date();
    const me = await createUser();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 3_600_000);
    const authors = {
      stranger: await createUser(),
      'blocked by me': await createUser(),
      'blocking me': await createUser(),
      'muted by me': await createUser(),
      'muted until tomorrow': await createUser(),
      'mute ended': await createUser(),
    };
    const { Block, Mute, MutedWord } = db.models;
    await Block.create({ blockerId: me.id, blockedId: authors['blocked by me'].id });
    await Block.create({ blockerId: authors['blocking me'].id, blockedId: me.id });
    await Mute.create({ muterId: me.id, mutedId: authors['muted by me'].id, until: null });
    await Mute.create({ muterId: me.id, mutedId: authors['muted until tomorrow'].id, until: future });
    await Mute.create({ muterId: me.id, mutedId: authors['mute ended'].id, until: past });
    for (const [word, expiresAt] of [['ロープ', null], ['100%', future], ['むち', past]] as const) {
      const folded = foldForMatching(word);
      await MutedWord.create({ userId: me.id, word, folded, pattern: mutedWordPattern(folded), expiresAt });
    }
    const titles = ['縄の記録', 'ﾛｰﾌﾟの記録', 'ＲＯＰＥと鞭', 'ムチの記録', '100%の信頼', '100の信頼'];
    const rows: Array<{ state: string; id: number }> = [];
    for (const [label, author] of [...Object.entries(authors), ['me', me] as const]) {
      for (const title of titles) rows.push({ state: `${label}: ${title}`, id: (await createReport({ author, title, steps: title === '縄の記録' ? ['ろーぷで縛る'] : [] })).id });
    }
    const ids = rows.map((row) => row.id);
    const loaded = await db.models.Report.findAll({ where: { id: ids }, attributes: ['id', 'authorId', 'matchText', 'warningMask'] });
    const disagreeing: string[] = [];
    for (const viewer of [me, authors['blocking me'], authors.stranger]) {
      const words = await loadMutedWords(db.sequelize, viewer.id, now);
      const { hideMask } = await loadContentWarningMasks(db.sequelize, viewer.id);
      const byPredicate = new Set<number>();
      for (const report of loaded) {
        const relation = await loadRelationTo(db.sequelize, viewer.id, report.authorId, now);
        if (isReportShownInLists(viewer.id, report, relation, words, hideMask)) byPredicate.add(report.id);
      }
      const { bySequelize, bySql } = await shownInListsBy(ids, viewer.id, now);
      // The feed's shared first pages (issue 22): rows read without a viewer, filtered with the relations loaded once.
      const relations = await loadListRelations(db.sequelize, viewer.id, now);
      const byListRelations = new Set(loaded.filter((report) => listRelationsShow(viewer.id, relations, report)).map((report) => report.id));
      for (const row of rows) {
        const answers = [byPredicate.has(row.id), bySequelize.has(row.id), bySql.has(row.id), byListRelations.has(row.id)];
        if (new Set(answers).size > 1) disagreeing.push(`viewer ${viewer.id}, ${row.state}: ${answers.join('/')}`);
      }
      expect({ viewer: viewer.id, some: byPredicate.size > 0, notAll: byPredicate.size < rows.length || viewer === authors.stranger }).toEqual({ viewer: viewer.id, some: true, notAll: true });
    }
    expect(disagreeing).toEqual([]);
    // What "me" sees, by state: the rules themselves, not only their agreement.
    const mine = new Set(
      (
        await db.sequelize.query<{ id: number | string }>(`SELECT r.id AS id FROM reports r WHERE r.id IN (:ids) AND ${reportShownInListsSql('r')}`, {
          replacements: { ids, ...relationReplacements(db.sequelize, me.id, now) },
          type: QueryTypes.SELECT,
        })
      ).map((row) => Number(row.id)),
    );
    expect(rows.filter((row) => mine.has(row.id)).map((row) => row.state)).toEqual([
      ...['stranger', 'mute ended'].flatMap((label) => [`${label}: ＲＯＰＥと鞭`, `${label}: ムチの記録`, `${label}: 100の信頼`]),
      ...titles.map((title) => `me: ${title}`),
    ]);
  });
  it('for content warnings (issue 37): every choice of every label, through all four forms, own reports kept', async () => {
    const now = new Date();
    const author = await createUser();
    const me = await createUser();
    const showAll = await createUser();
    const noChoice = await createUser();
    // me: blood, breath and cnc on 表示しない, marks on 表示する, the rest on the default 警告.
    await writeTransaction(db.sequelize, (transaction) => saveContentWarningSettings(db.sequelize, me.id, { blood: 'hide', breath: 'hide', cnc: 'hide', marks: 'show' }, { transaction }));
    await writeTransaction(db.sequelize, (transaction) =>
      saveContentWarningSettings(db.sequelize, showAll.id, Object.fromEntries(CONTENT_WARNING_KEYS.map((key) => [key, 'show'])), { transaction }),
    );
    const labelSets: ContentWarningKey[][] = [[], ...CONTENT_WARNING_KEYS.map((key) => [key]), ['marks', 'intense'], ['blood', 'scat', 'other'], [...CONTENT_WARNING_KEYS]];
    const rows: Array<{ state: string; id: number }> = [];
    for (const [label, writer] of [['author', author], ['me', me]] as const) {
      for (const labels of labelSets) {
        const report = await createReport({ author: writer, warningMask: contentWarningMask(labels), warningOther: labels.includes('other') ? '火' : null });
        rows.push({ state: `${label}: [${labels.join(',')}]`, id: report.id });
      }
    }
    const ids = rows.map((row) => row.id);
    const loaded = await db.models.Report.findAll({ where: { id: ids }, attributes: ['id', 'authorId', 'matchText', 'warningMask'] });
    const disagreeing: string[] = [];
    const seenBy = new Map<number, Set<number>>();
    for (const viewer of [me, showAll, noChoice]) {
      const relations = await loadListRelations(db.sequelize, viewer.id, now);
      const byPredicate = new Set(loaded.filter((report) => isReportShownInLists(viewer.id, report, { blocking: false, blockedBy: false, muting: false }, [], relations.hiddenWarningMask)).map((r) => r.id));
      const { bySequelize, bySql } = await shownInListsBy(ids, viewer.id, now);
      const byListRelations = new Set(loaded.filter((report) => listRelationsShow(viewer.id, relations, report)).map((report) => report.id));
      for (const row of rows) {
        const answers = [byPredicate.has(row.id), bySequelize.has(row.id), bySql.has(row.id), byListRelations.has(row.id)];
        if (new Set(answers).size > 1) disagreeing.push(`viewer ${viewer.id}, ${row.state}: ${answers.join('/')}`);
      }
      seenBy.set(viewer.id, bySql);
    }
    expect(disagreeing).toEqual([]);
    const statesSeenBy = (viewerId: number) => rows.filter((row) => seenBy.get(viewerId)?.has(row.id)).map((row) => row.state);
    // 表示する and 警告 keep every report in the lists; 表示しない removes those carrying a hidden label, never one's own.
    expect(statesSeenBy(showAll.id)).toEqual(rows.map((row) => row.state));
    expect(statesSeenBy(noChoice.id)).toEqual(rows.map((row) => row.state));
    expect(statesSeenBy(me.id)).toEqual([
      'author: []',
      'author: [marks]',
      'author: [intense]',
      'author: [scat]',
      'author: [other]',
      'author: [marks,intense]',
      ...labelSets.map((labels) => `me: [${labels.join(',')}]`),
    ]);
  });

  it("for saved lists (issue 37): isSavedReportShown and savedReportShownSql, over every report state and relation", async () => {
    const now = new Date();
    const me = await createUser();
    const blocked = await createUser();
    await db.models.Block.create({ blockerId: me.id, blockedId: blocked.id });
    const candidates = [
      ...reports.map(({ state, report }) => ({ state, id: report.id })),
      { state: 'by a member I block', id: (await createReport({ author: blocked })).id },
      { state: 'my own', id: (await createReport({ author: me })).id },
      { state: 'my own, hidden', id: (await createReport({ author: me, hiddenAt: new Date() })).id },
    ];
    const ids = candidates.map((c) => c.id);
    const loaded = await db.models.Report.findAll({ where: { id: ids }, include: [{ model: db.models.User, as: 'author' }] });
    const words = await loadMutedWords(db.sequelize, me.id, now);
    const byPredicate = new Set<number>();
    for (const report of loaded) {
      const relation = await loadRelationTo(db.sequelize, me.id, report.authorId, now);
      if (isSavedReportShown(me.id, { ...reportFacts(report), matchText: report.matchText, warningMask: report.warningMask }, relation, words, 0)) byPredicate.add(report.id);
    }
    const bySql = new Set(
      (
        await db.sequelize.query<{ id: number | string }>(`SELECT r.id AS id FROM reports r WHERE r.id IN (:ids) AND ${savedReportShownSql('r')}`, {
          replacements: { ids, ...relationReplacements(db.sequelize, me.id, now) },
          type: QueryTypes.SELECT,
        })
      ).map((row) => Number(row.id)),
    );
    expect(candidates.filter((c) => byPredicate.has(c.id) !== bySql.has(c.id)).map((c) => c.state)).toEqual([]);
    expect(candidates.filter((c) => bySql.has(c.id)).map((c) => c.state)).toEqual(['published', 'my own']);
  });
});
