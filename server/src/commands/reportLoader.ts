import { literal, QueryTypes, type Includeable, type IncludeOptions, type Sequelize, type Transaction } from 'sequelize';
import { isMysql } from '../db/connection';
import type { Models, Report, ReportTagKind } from '../models';
import {
  activeMemberSql,
  approvedFollowerSql,
  audienceOf,
  NO_RELATION,
  relationColumnExpressions,
  relationColumnsSql,
  relationFromColumns,
  relationLiterals,
  relationReplacements,
  reportFacts,
  type RelationTo,
  type ReportFacts,
  withViewerFollow,
} from '../visibility';

type LoaderModels = Pick<Models, 'Report' | 'User' | 'Profile' | 'Tag' | 'ReportTool' | 'ReportStep' | 'ReportTag'>;

/** The author's public face and whether they are suspended: enough for presenters and policies. */
export function authorInclude(models: Pick<Models, 'User' | 'Profile'>): IncludeOptions {
  return {
    model: models.User,
    as: 'author',
    attributes: ['id', 'publicId', 'suspendedAt'],
    include: [{ model: models.Profile, as: 'profile', attributes: ['username', 'iconKey'] }],
  };
}

/** What presentReport needs. Lists are separate queries: tools x steps x tags in one join would multiply rows. */
export function reportDetailInclude(models: LoaderModels): Includeable[] {
  return [
    ...reportDetailOwnInclude(models),
    { model: models.ReportTool, as: 'tools', separate: true, order: [['position', 'ASC'], ['id', 'ASC']] },
    { model: models.ReportStep, as: 'steps', separate: true, order: [['stepNumber', 'ASC'], ['id', 'ASC']] },
    {
      model: models.ReportTag,
      as: 'reportTags',
      separate: true,
      order: [['position', 'ASC']],
      include: [{ model: models.Tag, as: 'tag', attributes: ['id', 'name'] }],
    },
  ];
}

/** The includes of one report's own row: its author and the three single tags (one row each, one join). */
function reportDetailOwnInclude(models: LoaderModels): Includeable[] {
  const tag = (as: string): Includeable => ({ model: models.Tag, as, attributes: ['id', 'name'] });
  return [authorInclude(models), tag('gender'), tag('sexualOrientation'), tag('role')];
}

/** A report with everything GET /api/reports/:id shows, or null. Policies are the caller's business. */
export async function loadReportDetail(models: LoaderModels, id: number): Promise<Report | null> {
  return (await loadReportDetailFor(models, id, null))?.report ?? null;
}

interface ListRow {
  kind: 'tool' | 'step' | 'tag';
  id: number | string;
  ord: number | string;
  text: string;
  extra: string | null;
}

/**
 * loadReportDetail in two statements (issue 22; it was five): the report with its author and single
 * tags, and, with `viewerId`, the relation between the viewer and the author as three subquery columns
 * (relationColumnExpressions); then its tools, steps and tag links in one UNION ALL. Nothing is read
 * after a report that does not exist.
 */
export async function loadReportDetailFor(models: LoaderModels, id: number, viewerId: number | null): Promise<{ report: Report; relation: RelationTo } | null> {
  const sequelize = models.Report.sequelize;
  if (!sequelize) throw new Error('the Report model is not initialised');
  const relationColumns = viewerId === null ? [] : Object.entries(relationColumnExpressions('`Report`.`author_id`', relationLiterals(sequelize, viewerId, new Date())));
  const report = await models.Report.findByPk(id, {
    include: reportDetailOwnInclude(models),
    ...(relationColumns.length ? { attributes: { include: relationColumns.map(([name, sql]): [ReturnType<typeof literal>, string] => [literal(sql), name]) } } : {}),
  });
  if (!report) return null;
  // Issue 36: a フォロワーのみ report opens to the viewer's approved follow of its author (reportFacts reads it).
  if (viewerId !== null) await withViewerFollow(sequelize, { id: viewerId, role: 'member' }, report);
  const relation =
    viewerId === null
      ? NO_RELATION
      : relationFromColumns(
          { rel_blocking: Number(report.get('rel_blocking')), rel_blocked_by: Number(report.get('rel_blocked_by')), rel_muting: Number(report.get('rel_muting')) },
          viewerId,
          report.authorId,
        );
  const rows = await sequelize.query<ListRow>(
    `SELECT 'tool' AS kind, t.id AS id, t.position AS ord, t.name AS text, t.quantity AS extra FROM report_tools t WHERE t.report_id = :id
     UNION ALL SELECT 'step', s.id, s.step_number, s.action, NULL FROM report_steps s WHERE s.report_id = :id
     UNION ALL SELECT 'tag', rt.tag_id, rt.position, g.name, rt.kind FROM report_tags rt JOIN tags g ON g.id = rt.tag_id WHERE rt.report_id = :id`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  const built = { isNewRecord: false, raw: true } as const;
  const of = (kind: ListRow['kind']) => rows.filter((row) => row.kind === kind);
  // In the order the separate queries had (the presenter sorts again).
  report.tools = of('tool')
    .map((row) => models.ReportTool.build({ id: Number(row.id), reportId: id, position: Number(row.ord), name: row.text, quantity: row.extra }, built))
    .sort((a, b) => a.position - b.position || a.id - b.id);
  report.steps = of('step')
    .map((row) => models.ReportStep.build({ id: Number(row.id), reportId: id, stepNumber: Number(row.ord), action: row.text }, built))
    .sort((a, b) => a.stepNumber - b.stepNumber || a.id - b.id);
  report.reportTags = of('tag')
    .map((row) => {
      const link = models.ReportTag.build({ reportId: id, tagId: Number(row.id), kind: row.extra as ReportTagKind, position: Number(row.ord) }, built);
      link.tag = models.Tag.build({ id: Number(row.id), name: row.text }, built);
      return link;
    })
    .sort((a, b) => a.position - b.position);
  return { report, relation };
}

/**
 * The report row locked for the rest of `transaction`, with its author's suspension. Every write that
 * touches a report's children or counters takes this lock first, so writers never deadlock on the
 * foreign-key locks their inserts take and counters are recomputed one writer at a time.
 */
export async function lockReport(
  models: Pick<Models, 'Report' | 'User'>,
  id: number,
  transaction: Transaction,
): Promise<{ report: Report; subject: ReportFacts } | null> {
  const report = await models.Report.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!report) return null;
  const author = await models.User.findByPk(report.authorId, { attributes: ['id', 'suspendedAt'], transaction });
  report.author = author ?? undefined;
  if (!author) return null;
  return { report, subject: reportFacts(report) };
}

/** What a member's like or comment needs of the report it locked (lockReportForMember). */
export interface LockedForMember {
  subject: ReportFacts;
  /** The counter as it stands under the lock: no one else changes it before this transaction ends. */
  likeCount: number;
  /** How the member and the report's author stand (blocks, mutes). */
  relation: RelationTo;
  /** The member's own name and icon when asked for (null: they have no profile yet). */
  viewerProfile: { username: string; iconKey: string | null } | null;
}

interface LockRow {
  author_id: number | string;
  is_draft: number | boolean;
  audience: string;
  viewer_follows: number | string;
  hidden_at: Date | string | null;
  like_count: number | string;
  author_suspended: number | string;
  rel_blocking: number | string;
  rel_blocked_by: number | string;
  rel_muting: number | string;
  viewer_username?: string | null;
  viewer_icon_key?: string | null;
}

/**
 * lockReport for a member's like or comment, in one statement instead of three or four: the report row
 * locked, with its author's suspension, the relation between the member and the author, and (with
 * `viewerProfile`) the member's own name and icon, all as subqueries of the locking SELECT. Those
 * subqueries take no locks (InnoDB locks only the rows of the outer table of a locking read), so the lock
 * taken is exactly lockReport's. Null when the report does not exist.
 */
export async function lockReportForMember(
  sequelize: Sequelize,
  reportId: number,
  viewerId: number,
  { transaction, viewerProfile = false }: { transaction: Transaction; viewerProfile?: boolean },
): Promise<LockedForMember | null> {
  const profileColumns = viewerProfile
    ? `, (SELECT p.username FROM profiles p WHERE p.user_id = :visViewer) AS viewer_username,
         (SELECT p.icon_key FROM profiles p WHERE p.user_id = :visViewer) AS viewer_icon_key`
    : '';
  const [row] = await sequelize.query<LockRow>(
    `SELECT r.author_id, r.is_draft, r.hidden_at, r.like_count, r.audience,
            CASE WHEN ${approvedFollowerSql(':visViewer', 'r.author_id')} THEN 1 ELSE 0 END AS viewer_follows,
            CASE WHEN ${activeMemberSql('r.author_id')} THEN 0 ELSE 1 END AS author_suspended,
            ${relationColumnsSql('r.author_id')}${profileColumns}
       FROM reports r
      WHERE r.id = :id${isMysql(sequelize) ? ' FOR UPDATE' : ''}`,
    { replacements: { ...relationReplacements(sequelize, viewerId, new Date()), id: reportId }, type: QueryTypes.SELECT, transaction },
  );
  if (!row) return null;
  const authorId = Number(row.author_id);
  return {
    subject: {
      authorId,
      isDraft: Boolean(Number(row.is_draft)),
      hiddenAt: row.hidden_at === null ? null : new Date(row.hidden_at),
      authorSuspended: Number(row.author_suspended) === 1,
      audience: audienceOf(row.audience),
      viewerFollowsAuthor: authorId !== viewerId && Number(row.viewer_follows) === 1,
    },
    likeCount: Number(row.like_count),
    relation: relationFromColumns(row, viewerId, authorId),
    viewerProfile: row.viewer_username == null ? null : { username: row.viewer_username, iconKey: row.viewer_icon_key ?? null },
  };
}
