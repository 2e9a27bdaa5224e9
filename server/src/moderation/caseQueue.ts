import { LIMITS, type CaseCounts, type CaseItem, type CaseQuery, type MemberCaseHistory } from '@hiraku/shared';
import { literal, Op, QueryTypes, type Sequelize, type WhereOptions } from 'sequelize';
import { z } from 'zod';
import { notFound, validationError } from '../errors';
import { keysetCursor } from '../http/keysetCursor';
import { TEXTS } from '@hiraku/shared';
import type { Comment, Models, ModerationCase, Report, User } from '../models';
import { isAdmin, type Viewer } from '../policies/viewer';
import type { Storage } from '../storage/storage';
import { targetPath } from './appeals';
import { loadCaseCounts } from './caseCounts';
import { memberStageView } from '../commands/memberStage';
import { followCounts } from '../commands/follows';

type QueueDeps = { models: Models; sequelize: Sequelize; storage: Storage };

/**
 * Open cases page by (priority, id): the queue's order; for admins by (要相談 first, priority, id), `x`
 * marking an escalated case's cursor. Closed ones newest first, by id. A keyset cursor (http/keysetCursor.ts).
 */
const cursorCodec = keysetCursor(
  z.object({ x: z.literal(1).optional(), p: z.number().int().min(0).max(999), i: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  () => validationError(TEXTS.moderation.cursorInvalid, { cursor: TEXTS.moderation.cursorInvalid }),
);

interface CaseCursor {
  escalated: boolean;
  priority: number;
  id: number;
}

function decodeCursor(cursor: string | undefined): CaseCursor | null {
  const decoded = cursorCodec.decode(cursor);
  return decoded && { escalated: decoded.x === 1, priority: decoded.p, id: decoded.i };
}

export const encodeCaseCursor = ({ escalated, priority, id }: CaseCursor): string => cursorCodec.encode({ ...(escalated ? { x: 1 as const } : {}), p: priority, i: id });

/**
 * A page of the case queue. Open cases: appeals first, then by the severity of their worst flag, then
 * oldest first (priority, id: ids grow with time), by keyset; closed ones newest first. Each page takes
 * a fixed number of statements whatever its size or depth (bench/ and the CI query budget check it).
 * Admins see the open cases operators marked 要相談 before all others, in the same order.
 */
export async function loadCasePage(
  deps: QueueDeps,
  viewer: NonNullable<Viewer>,
  query: CaseQuery,
  { limit = LIMITS.moderationPageSize, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<{ items: CaseItem[]; nextCursor: string | null; counts: CaseCounts }> {
  const after = decodeCursor(query.cursor);
  const open = query.status === 'open';
  const where: WhereOptions<ModerationCase>[] = [{ status: query.status }];
  if (query.type) where.push({ type: query.type });
  if (query.category) where.push({ category: query.category });
  if (query.claimed === 'me') where.push({ claimedBy: viewer.id });
  if (query.claimed === 'yes') where.push({ claimedBy: { [Op.ne]: null } });
  if (query.claimed === 'no') where.push({ claimedBy: null });
  if (query.overdue) where.push({ dueAt: { [Op.lt]: now } });
  const escalatedFirst = open && isAdmin(viewer);
  if (after) {
    const later: WhereOptions<ModerationCase> = open
      ? { [Op.or]: [{ priority: { [Op.gt]: after.priority } }, { priority: after.priority, id: { [Op.gt]: after.id } }] }
      : { id: { [Op.lt]: after.id } };
    if (!escalatedFirst) where.push(later);
    else if (after.escalated) where.push({ [Op.or]: [{ [Op.and]: [{ escalatedAt: { [Op.ne]: null } }, later] }, { escalatedAt: null }] });
    else where.push({ escalatedAt: null }, later);
  }
  const rows = await deps.models.ModerationCase.findAll({
    where: { [Op.and]: where },
    attributes: ['id', 'priority', 'escalatedAt'],
    order: open
      ? [...(escalatedFirst ? [[literal('escalated_at IS NULL'), 'ASC'] as [ReturnType<typeof literal>, string]] : []), ['priority', 'ASC'], ['id', 'ASC']]
      : [['id', 'DESC']],
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [items, counts] = await Promise.all([loadCaseItems(deps, page.map((row) => row.id), now), loadCaseCounts(deps.sequelize, now)]);
  const cursorOf = (row: ModerationCase) => encodeCaseCursor({ escalated: escalatedFirst && row.escalatedAt !== null, priority: row.priority, id: row.id });
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null, counts };
}

const userAttributes = ['id', 'publicId', 'suspendedAt'] as const;

/** Cases by id in the order given, with everything the queue shows: a fixed number of statements. */
export async function loadCaseItems(deps: QueueDeps, ids: readonly number[], now = new Date()): Promise<CaseItem[]> {
  if (ids.length === 0) return [];
  const { models } = deps;
  const cases = await models.ModerationCase.findAll({ where: { id: { [Op.in]: [...ids] } } });
  const caseIds = cases.map((entry) => entry.id);
  const appealedIds = cases.flatMap((entry) => (entry.appealOfCaseId === null ? [] : [entry.appealOfCaseId]));
  const byType = (type: string) => cases.filter((entry) => entry.targetType === type).map((entry) => entry.targetId);
  const [flags, notes, appealed, reports, comments] = await Promise.all([
    models.Flag.findAll({ where: { caseId: { [Op.in]: caseIds } }, order: [['id', 'ASC']] }),
    models.CaseNote.findAll({ where: { caseId: { [Op.in]: caseIds } }, order: [['id', 'ASC']] }),
    appealedIds.length ? models.ModerationCase.findAll({ where: { id: { [Op.in]: appealedIds } } }) : Promise.resolve([] as ModerationCase[]),
    byType('report').length ? models.Report.findAll({ where: { id: { [Op.in]: byType('report') } } }) : Promise.resolve([] as Report[]),
    byType('comment').length
      ? models.Comment.findAll({ where: { id: { [Op.in]: byType('comment') } }, include: [{ model: models.Report, as: 'report', attributes: ['id', 'title'] }] })
      : Promise.resolve([] as Comment[]),
  ]);
  const userIds = new Set<number>();
  for (const entry of cases) for (const id of [entry.authorId, entry.claimedBy, entry.decidedBy, entry.escalatedBy, entry.type === 'member' ? entry.targetId : null]) if (id !== null) userIds.add(id);
  for (const flag of flags) userIds.add(flag.flaggerId);
  for (const note of notes) if (note.authorId !== null) userIds.add(note.authorId);
  const users = await models.User.findAll({
    where: { id: { [Op.in]: [...userIds] } },
    attributes: [...userAttributes],
    include: [{ model: models.Profile, as: 'profile', attributes: ['username', 'iconKey', 'updatedAt'], required: false }],
  });
  const authorIds = [...new Set(cases.flatMap((entry) => (entry.authorId === null ? [] : [entry.authorId])))];
  const summaries = await historySummaries(deps, authorIds, users);

  const userById = new Map(users.map((user) => [user.id, user]));
  const person = (id: number | null) => {
    const user = id === null ? undefined : userById.get(id);
    return user ? { publicId: user.publicId, username: user.profile?.username ?? null } : null;
  };
  const reportById = new Map(reports.map((report) => [report.id, report]));
  const commentById = new Map(comments.map((comment) => [comment.id, comment]));
  const appealedById = new Map(appealed.map((entry) => [entry.id, entry]));
  const byId = new Map(cases.map((entry) => [entry.id, entry]));

  const target = (entry: ModerationCase): CaseItem['target'] => {
    const id = entry.targetId;
    if (entry.targetType === 'report') {
      const report = reportById.get(id);
      return {
        type: 'report',
        id: String(id),
        title: report?.title ?? null,
        text: report?.description ?? null,
        thumbnailUrl: report?.thumbnailKey ? deps.storage.url(report.thumbnailKey) : null,
        path: targetPath('report', id, {}),
        isHidden: report?.hiddenAt != null,
        isDeleted: false,
        gone: !report,
      };
    }
    if (entry.targetType === 'comment') {
      const comment = commentById.get(id);
      return {
        type: 'comment',
        id: String(id),
        title: comment?.report?.title ?? null,
        text: comment?.text ?? null,
        thumbnailUrl: null,
        path: comment ? targetPath('comment', id, { reportId: comment.reportId }) : null,
        isHidden: comment?.hiddenAt != null,
        isDeleted: comment?.deletedAt != null,
        gone: !comment,
      };
    }
    const member = userById.get(id);
    return {
      type: 'member',
      id: member?.publicId ?? String(id),
      title: member?.profile?.username ?? null,
      text: null,
      thumbnailUrl: member?.profile?.iconKey ? deps.storage.url(member.profile.iconKey) : null,
      path: member ? targetPath('member', id, { publicId: member.publicId }) : null,
      isHidden: member?.suspendedAt != null,
      isDeleted: false,
      gone: !member,
    };
  };

  return ids.flatMap((id) => {
    const entry = byId.get(id);
    if (!entry) return [];
    const caseFlags = flags.filter((flag) => flag.caseId === id);
    const author = entry.authorId === null ? undefined : userById.get(entry.authorId);
    const original = entry.appealOfCaseId === null ? undefined : appealedById.get(entry.appealOfCaseId);
    const summary = entry.authorId === null ? undefined : summaries.get(entry.authorId);
    const item: CaseItem = {
      id: entry.id,
      type: entry.type,
      status: entry.status,
      category: entry.category,
      openedAt: entry.openedAt.toISOString(),
      dueAt: entry.dueAt.toISOString(),
      overdue: entry.status === 'open' && entry.dueAt < now,
      closedAt: entry.closedAt?.toISOString() ?? null,
      claimedBy: person(entry.claimedBy),
      decision:
        entry.decision && entry.closedAt
          ? { action: entry.decision, reason: entry.decisionReason ?? '', decidedAt: entry.closedAt.toISOString(), decidedBy: person(entry.decidedBy) }
          : null,
      target: target(entry),
      author: author
        ? {
            publicId: author.publicId,
            username: author.profile?.username ?? null,
            suspended: author.suspendedAt !== null,
            // "Earlier": every other case about this member.
            history: { earlierCases: Math.max(0, (summary?.cases ?? 1) - 1), strikes: summary?.strikes ?? 0, suspensions: summary?.suspensions ?? 0 },
          }
        : null,
      flags: caseFlags.map((flag) => ({
        flaggerPublicId: userById.get(flag.flaggerId)?.publicId ?? '',
        category: flag.category,
        note: flag.note,
        flaggedAt: flag.createdAt.toISOString(),
      })),
      flaggerCount: new Set(caseFlags.map((flag) => flag.flaggerId)).size,
      notes: notes.filter((note) => note.caseId === id).map((note) => ({ author: person(note.authorId), text: note.text, createdAt: note.createdAt.toISOString() })),
      appeal:
        original && original.decision
          ? { ofCaseId: original.id, action: original.decision, reason: original.decisionReason ?? '', text: entry.appealText ?? '', filedAt: entry.openedAt.toISOString() }
          : null,
      escalation: entry.escalatedAt ? { at: entry.escalatedAt.toISOString(), by: person(entry.escalatedBy), reason: entry.escalationReason ?? '' } : null,
    };
    return [item];
  });
}

/** Per author: their flag cases, unrevoked strikes and suspensions (audit log), three grouped statements. */
async function historySummaries(deps: QueueDeps, authorIds: number[], users: User[]): Promise<Map<number, { cases: number; strikes: number; suspensions: number }>> {
  const result = new Map(authorIds.map((id) => [id, { cases: 0, strikes: 0, suspensions: 0 }]));
  if (authorIds.length === 0) return result;
  const publicIds = new Map(users.filter((user) => result.has(user.id)).map((user) => [user.publicId, user.id]));
  const [cases, strikes, suspensions] = await Promise.all([
    deps.sequelize.query<{ id: number | string; n: number | string }>(
      `SELECT author_id AS id, COUNT(*) AS n FROM moderation_cases WHERE author_id IN (:ids) AND type <> 'appeal' GROUP BY author_id`,
      { type: QueryTypes.SELECT, replacements: { ids: authorIds } },
    ),
    deps.sequelize.query<{ id: number | string; n: number | string }>(
      'SELECT user_id AS id, COUNT(*) AS n FROM strikes WHERE user_id IN (:ids) AND revoked_at IS NULL GROUP BY user_id',
      { type: QueryTypes.SELECT, replacements: { ids: authorIds } },
    ),
    publicIds.size
      ? deps.sequelize.query<{ id: string; n: number | string }>(
          `SELECT target_id AS id, COUNT(*) AS n FROM audit_logs WHERE action = 'user.suspend' AND target_type = 'user' AND target_id IN (:ids) GROUP BY target_id`,
          { type: QueryTypes.SELECT, replacements: { ids: [...publicIds.keys()] } },
        )
      : Promise.resolve([]),
  ]);
  for (const row of cases) { const entry = result.get(Number(row.id)); if (entry) entry.cases = Number(row.n); }
  for (const row of strikes) { const entry = result.get(Number(row.id)); if (entry) entry.strikes = Number(row.n); }
  for (const row of suspensions) {
    const id = publicIds.get(row.id);
    const entry = id === undefined ? undefined : result.get(id);
    if (entry) entry.suspensions = Number(row.n);
  }
  return result;
}

/** GET /api/moderation/members/{publicId}/history: everything moderation knows about one member. */
export async function loadMemberHistory(deps: QueueDeps, publicId: string): Promise<MemberCaseHistory> {
  const { models } = deps;
  const member = await models.User.findOne({
    where: { publicId },
    attributes: ['id', 'publicId', 'role', 'suspendedAt', 'suspendedUntil', 'newStageUntil', 'newStageReason'],
    include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }],
  });
  if (!member) throw notFound(TEXTS.profile.memberNotFound);
  const stage = await memberStageView(models, member);
  const [cases, strikes, suspensions, follows] = await Promise.all([
    models.ModerationCase.findAll({ where: { authorId: member.id }, order: [['id', 'DESC']], limit: 200 }),
    models.Strike.findAll({ where: { userId: member.id }, order: [['id', 'DESC']] }),
    models.AuditLog.findAll({ where: { action: 'user.suspend', targetType: 'user', targetId: member.publicId }, order: [['id', 'DESC']], limit: 200 }),
    followCounts(deps.sequelize, member.id),
  ]);
  const flagCases = cases.filter((entry) => entry.type !== 'appeal');
  const appeals = cases.filter((entry) => entry.type === 'appeal' && entry.appealOfCaseId !== null);
  const notes = cases.length
    ? await models.CaseNote.findAll({
        where: { caseId: { [Op.in]: cases.map((entry) => entry.id) } },
        order: [['id', 'DESC']],
        include: [{ model: models.User, as: 'author', attributes: ['publicId'], include: [{ model: models.Profile, as: 'profile', attributes: ['username'], required: false }] }],
      })
    : [];
  return {
    member: {
      publicId: member.publicId,
      username: member.profile?.username ?? null,
      suspended: member.suspendedAt !== null,
      suspendedUntil: member.suspendedAt ? (member.suspendedUntil?.toISOString() ?? null) : null,
      stage,
      followers: follows.followers,
      following: follows.following,
    },
    cases: flagCases.map((entry) => ({
      id: entry.id,
      type: entry.type,
      category: entry.category,
      status: entry.status,
      targetType: entry.targetType,
      decision: entry.decision,
      reason: entry.decisionReason,
      openedAt: entry.openedAt.toISOString(),
      closedAt: entry.closedAt?.toISOString() ?? null,
    })),
    strikes: strikes.map((strike) => ({ caseId: strike.caseId, category: strike.category, reason: strike.reason, createdAt: strike.createdAt.toISOString(), revokedAt: strike.revokedAt?.toISOString() ?? null })),
    suspensions: suspensions.map((entry) => ({
      at: entry.createdAt.toISOString(),
      until: typeof entry.details?.until === 'string' ? entry.details.until : null,
      reason: entry.reason,
    })),
    appeals: appeals.map((entry) => ({
      caseId: entry.appealOfCaseId ?? 0,
      appealCaseId: entry.id,
      text: entry.appealText ?? '',
      filedAt: entry.openedAt.toISOString(),
      outcome: entry.status === 'closed' ? entry.decision : null,
    })),
    notes: notes.map((note) => ({
      caseId: note.caseId,
      author: note.author ? { publicId: note.author.publicId, username: note.author.profile?.username ?? null } : null,
      text: note.text,
      createdAt: note.createdAt.toISOString(),
    })),
  };
}
