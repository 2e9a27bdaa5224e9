import { LIMITS, type CaseDecision, type CommentReportResolution, type CommentReportStatus } from '@hiraku/shared';
import { Op, type Sequelize } from 'sequelize';
import type { Comment, Flag, Models, ModerationCase } from '../../models';
import { decodeIdCursor, encodeIdCursor } from './pageCursor';

type QueueModels = Pick<Models, 'Comment' | 'Flag' | 'ModerationCase' | 'User' | 'Profile' | 'Report'>;

/** One comment case as the old comment-report queue shows it. */
export interface CommentQueueEntry {
  /** With its author (and profile) and its report. */
  comment: Comment;
  status: CommentReportStatus;
  /** The case's flags, oldest first, each with its flagger. */
  flags: Flag[];
  resolution: CommentReportResolution | null;
}

export interface QueuePage {
  comments: CommentQueueEntry[];
  nextCursor: string | null;
  pendingCount: number;
}

/** The old queue's three outcomes, read from a case's decision (issue 18 added hide, warn and harmless). */
export function resolutionOf(decision: CaseDecision | null): CommentReportResolution | null {
  if (decision === null) return null;
  if (decision === 'delete' || decision === 'hide') return 'deleted';
  if (decision === 'suspend') return 'suspended';
  return 'dismissed';
}

/**
 * GET /api/moderation/comment-reports, kept for its callers since flags and cases (issue 18) replaced
 * comment reports: the comment cases, pending (open) or resolved (closed), oldest case first, paged by
 * the case id. The case queue (caseQueue.ts) is the full view; this one shows comments only.
 */
export async function loadCommentReportQueue(
  deps: { models: QueueModels; sequelize: Sequelize },
  { status, cursor, limit = LIMITS.moderationPageSize }: { status: CommentReportStatus; cursor?: string; limit?: number },
): Promise<QueuePage> {
  const after = decodeIdCursor(cursor) ?? 0;
  const caseStatus = status === 'pending' ? 'open' : 'closed';
  const [rows, pendingCount] = await Promise.all([
    deps.models.ModerationCase.findAll({
      where: { type: 'comment', status: caseStatus, id: { [Op.gt]: after } },
      order: [['id', 'ASC']],
      limit: limit + 1,
    }),
    deps.models.ModerationCase.count({ where: { type: 'comment', status: 'open' } }),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { comments: await loadQueueEntries(deps.models, page), nextCursor: rows.length > limit && last ? encodeIdCursor(last.id) : null, pendingCount };
}

async function loadQueueEntries(models: QueueModels, cases: ModerationCase[]): Promise<CommentQueueEntry[]> {
  if (cases.length === 0) return [];
  const [comments, flags] = await Promise.all([
    models.Comment.findAll({
      where: { id: { [Op.in]: cases.map((entry) => entry.targetId) } },
      include: [
        {
          model: models.User,
          as: 'author',
          attributes: ['id', 'publicId', 'suspendedAt'],
          include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
        },
        { model: models.Report, as: 'report', attributes: ['id', 'title'] },
      ],
    }),
    models.Flag.findAll({
      where: { caseId: { [Op.in]: cases.map((entry) => entry.id) } },
      order: [['id', 'ASC']],
      include: [{ model: models.User, as: 'flagger', attributes: ['id', 'publicId'] }],
    }),
  ]);
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  return cases.flatMap((entry) => {
    const comment = byId.get(entry.targetId);
    if (!comment) return [];
    return [
      {
        comment,
        status: entry.status === 'open' ? ('pending' as const) : ('resolved' as const),
        flags: flags.filter((flag) => flag.caseId === entry.id),
        resolution: resolutionOf(entry.decision),
      },
    ];
  });
}

/** A comment's latest case as a queue item (after an action on it). */
export async function loadQueueItem(models: QueueModels, commentId: number): Promise<CommentQueueEntry | null> {
  const latest = await models.ModerationCase.findOne({ where: { type: 'comment', targetId: commentId }, order: [['id', 'DESC']] });
  if (!latest) return null;
  const [entry] = await loadQueueEntries(models, [latest]);
  return entry ?? null;
}
