import { LIMITS, type CommentReportStatus } from '@hiraku/shared';
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import type { Comment, Models } from '../../models';
import { decodeIdCursor, encodeIdCursor } from './pageCursor';

type QueueModels = Pick<Models, 'Comment' | 'CommentReport' | 'User' | 'Profile' | 'Report'>;

export interface QueuePage {
  /** Each with its author (and profile), its report, and every report on it with the reporter. */
  comments: Array<{ comment: Comment; status: CommentReportStatus }>;
  nextCursor: string | null;
  pendingCount: number;
}

/**
 * The comment-report queue. A comment is pending while any report on it is open, resolved once none
 * is. Both lists run oldest first, by the comment's first report (its first open one while pending),
 * and page by that report's id: new reports on other comments never shift a page.
 */
export async function loadCommentReportQueue(
  deps: { models: QueueModels; sequelize: Sequelize },
  { status, cursor, limit = LIMITS.moderationPageSize }: { status: CommentReportStatus; cursor?: string; limit?: number },
): Promise<QueuePage> {
  const after = decodeIdCursor(cursor) ?? 0;
  const pending = status === 'pending';
  const [rows, counted] = await Promise.all([
    deps.sequelize.query<{ commentId: number | string; firstId: number | string }>(
      pending
        ? `SELECT comment_id AS commentId, MIN(id) AS firstId FROM comment_reports WHERE resolved_at IS NULL
            GROUP BY comment_id HAVING MIN(id) > :after ORDER BY firstId ASC LIMIT :take`
        : `SELECT comment_id AS commentId, MIN(id) AS firstId FROM comment_reports
            GROUP BY comment_id HAVING SUM(CASE WHEN resolved_at IS NULL THEN 1 ELSE 0 END) = 0 AND MIN(id) > :after
            ORDER BY firstId ASC LIMIT :take`,
      { replacements: { after, take: limit + 1 }, type: QueryTypes.SELECT },
    ),
    deps.sequelize.query<{ n: number | string }>('SELECT COUNT(DISTINCT comment_id) AS n FROM comment_reports WHERE resolved_at IS NULL', {
      type: QueryTypes.SELECT,
    }),
  ]);
  const page = rows.slice(0, limit);
  const comments = await loadQueueComments(deps.models, page.map((row) => Number(row.commentId)));
  const last = page.at(-1);
  return {
    comments: comments.map((comment) => ({ comment, status })),
    nextCursor: rows.length > limit && last ? encodeIdCursor(Number(last.firstId)) : null,
    pendingCount: Number(counted[0]?.n ?? 0),
  };
}

/** Reported comments by id, in the order of `ids`, with everything a queue item shows. */
export async function loadQueueComments(models: QueueModels, ids: readonly number[]): Promise<Comment[]> {
  if (ids.length === 0) return [];
  const rows = await models.Comment.findAll({
    where: { id: { [Op.in]: [...ids] } },
    include: [
      {
        model: models.User,
        as: 'author',
        attributes: ['id', 'publicId', 'suspendedAt'],
        include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
      },
      { model: models.Report, as: 'report', attributes: ['id', 'title'] },
      {
        model: models.CommentReport,
        as: 'commentReports',
        separate: true,
        order: [['id', 'ASC']],
        include: [{ model: models.User, as: 'reporter', attributes: ['id', 'publicId'] }],
      },
    ],
  });
  const byId = new Map(rows.map((comment) => [comment.id, comment]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One comment as a queue item, its status read from its reports. */
export async function loadQueueItem(models: QueueModels, commentId: number): Promise<{ comment: Comment; status: CommentReportStatus } | null> {
  const [comment] = await loadQueueComments(models, [commentId]);
  if (!comment) return null;
  const open = (comment.commentReports ?? []).some((entry) => entry.resolvedAt === null);
  return { comment, status: open ? 'pending' : 'resolved' };
}
