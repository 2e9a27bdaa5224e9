import { isOperatorRole, ADVERSE_ACTIONS, FOLLOW_LIMITS, JST_OFFSET_MS, LIMITS, TEXTS, japanDay, type MemberStageView, type NewStageReason } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { AppError, validationError } from '../errors';
import type { Models, User } from '../models';
import { writeAuditLog } from './auditLogWriter';

/**
 * New members (issue 35; Discourse's trust level 0, and FetLife's floods of fresh accounts): for their
 * first LIMITS.newMemberDays days after signing up, or until they have published
 * LIMITS.newMemberGraduationReports reports and received LIMITS.newMemberGraduationLikes likes, a member
 * may publish LIMITS.newMemberReportsPerDay reports, write LIMITS.newMemberCommentsPerDay comments and
 * add FOLLOW_LIMITS.newMemberFollowsPerDay follows per Japan day, and their flags alone never hide
 * anything. An operator may lift the stage or put a member back to it; LIMITS.upheldCasesToNewStage
 * upheld cases put them back by themselves. Put back, a member stays new for LIMITS.newMemberDays days
 * whatever they publish (the early end is for the sign-up stage only).
 *
 * State lives on the user row (migration 0070). Rows made without it (tests' factories, the demo seed,
 * the bench, `create-user --established`) are past the stage; sign-up and plain `create-user` are not.
 */

const DAY_MS = 86_400_000;
type Options = { transaction?: Transaction };
type StageRow = Pick<User, 'id' | 'role' | 'newStageUntil' | 'newStageReason'>;
const STAGE_ATTRIBUTES = ['id', 'role', 'newStageUntil', 'newStageReason'];
export type NewMemberAction = 'report' | 'comment' | 'follow';

/** The columns a member signing up starts with. */
export function signupStageColumns(now: Date): { newStageUntil: Date; newStageReason: NewStageReason } {
  return { newStageUntil: new Date(now.getTime() + LIMITS.newMemberDays * DAY_MS), newStageReason: 'signup' };
}

/** Midnight of `now`'s Japan day, the start the daily limits count from. */
export function japanDayStart(now: Date): Date {
  return new Date(Date.parse(`${japanDay(now)}T00:00:00Z`) - JST_OFFSET_MS);
}

const sequelizeOf = (models: Pick<Models, 'User'>) => models.User.sequelize as Sequelize;

async function countOne(sequelize: Sequelize, sql: string, replacements: Record<string, unknown>, transaction?: Transaction): Promise<number> {
  const [row] = await sequelize.query<{ total: number | string }>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  return Number(row?.total ?? 0);
}

/** Has the member published and been liked enough to leave the sign-up stage early? */
async function graduated(sequelize: Sequelize, userId: number, transaction?: Transaction): Promise<boolean> {
  const reports = await countOne(sequelize, 'SELECT COUNT(*) AS total FROM reports WHERE author_id = :userId AND is_draft = :no', { userId, no: false }, transaction);
  if (reports < LIMITS.newMemberGraduationReports) return false;
  const likes = await countOne(
    sequelize,
    'SELECT COUNT(*) AS total FROM likes JOIN reports ON reports.id = likes.report_id WHERE reports.author_id = :userId AND likes.user_id <> :userId',
    { userId },
    transaction,
  );
  return likes >= LIMITS.newMemberGraduationLikes;
}

async function isNew(sequelize: Sequelize, row: StageRow, now: Date, transaction?: Transaction): Promise<boolean> {
  // Operators are never held back by a newcomer's limits.
  if (isOperatorRole(row.role) || !row.newStageUntil || row.newStageUntil.getTime() <= now.getTime()) return false;
  return !(row.newStageReason === 'signup' && (await graduated(sequelize, row.id, transaction)));
}

/** The member's stage now, as the operators' member history shows it. */
export async function memberStageView(models: Pick<Models, 'User'>, row: StageRow, now: Date = new Date()): Promise<MemberStageView> {
  if (!(await isNew(sequelizeOf(models), row, now))) return { stage: 'established', until: null, reason: null };
  return { stage: 'new', until: row.newStageUntil?.toISOString() ?? null, reason: row.newStageReason };
}

/** Of `userIds`, those past the new stage: only their flags count towards hiding (flagger.ts). */
export async function establishedAmong(models: Pick<Models, 'User'>, userIds: number[], now: Date, { transaction }: Options = {}): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await models.User.findAll({ where: { id: userIds }, attributes: STAGE_ATTRIBUTES, transaction });
  const established = new Set<number>();
  for (const row of rows) if (!(await isNew(sequelizeOf(models), row, now, transaction))) established.add(row.id);
  return established;
}

const COUNTS_TODAY: Record<Exclude<NewMemberAction, 'follow'>, string> = {
  // Reports published today: publishedAt is kept while a report stays published, so unpublishing and
  // publishing again cannot put more than the limit out on one day.
  report: 'SELECT COUNT(*) AS total FROM reports WHERE author_id = :userId AND is_draft = :no AND published_at >= :since',
  // Comments written today that still exist: a member deleting one takes it out of everyone's view,
  // so what stays up on one day is still bounded.
  comment: 'SELECT COUNT(*) AS total FROM comments WHERE author_id = :userId AND created_at >= :since',
};

const REFUSALS: Record<NewMemberAction, { limit: number; message: string }> = {
  report: { limit: LIMITS.newMemberReportsPerDay, message: TEXTS.newMember.reportsPerDay },
  comment: { limit: LIMITS.newMemberCommentsPerDay, message: TEXTS.newMember.commentsPerDay },
  follow: { limit: FOLLOW_LIMITS.newMemberFollowsPerDay, message: TEXTS.newMember.followsPerDay },
};

/**
 * Refuses (429 `rate_limited`, with the Japanese reason) a new member's report, comment or follow past
 * the day's limit. The member's row is locked first, so two requests at once cannot both take the last
 * place of the day. `countSince` counts the follows (commands/follows.ts owns their tables).
 */
export async function assertNewMemberMay(
  models: Pick<Models, 'User'>,
  {
    userId,
    action,
    now = new Date(),
    countSince,
    stageUntil,
  }: {
    userId: number;
    action: NewMemberAction;
    now?: Date;
    countSince?: (since: Date) => Promise<number>;
    /** The request's member's `newStageUntil` when it was read with the session: null, past the stage, needs no statement. */
    stageUntil?: Date | null;
  },
  { transaction }: { transaction: Transaction },
): Promise<void> {
  if (stageUntil === null) return;
  const sequelize = sequelizeOf(models);
  const row = await models.User.findByPk(userId, { attributes: STAGE_ATTRIBUTES, transaction, lock: transaction.LOCK.UPDATE });
  if (!row || !(await isNew(sequelize, row, now, transaction))) return;
  const since = japanDayStart(now);
  const done =
    action === 'follow'
      ? await (countSince ?? (async () => 0))(since)
      : await countOne(sequelize, COUNTS_TODAY[action], { userId, no: false, since: sqlDateTime(sequelize, since) }, transaction);
  const { limit, message } = REFUSALS[action];
  if (done >= limit) throw new AppError(429, 'rate_limited', message);
}

type StageDeps = { models: Pick<Models, 'User' | 'AuditLog'> };

/**
 * An operator lifts the stage (`lift`) or puts the member back to it for LIMITS.newMemberDays days
 * (`restore`; an operator: 400); audited. The same state again changes nothing and writes nothing.
 */
export async function setMemberStage(
  deps: StageDeps,
  { actorId, member, to, reason, now = new Date() }: { actorId: number; member: User; to: 'lift' | 'restore'; reason: string; now?: Date },
  { transaction }: { transaction: Transaction },
): Promise<{ changed: boolean }> {
  // Operators are never limited (isNew): putting one back would be recorded and change nothing.
  if (to === 'restore' && isOperatorRole(member.role)) throw validationError(TEXTS.newMember.operatorNotLimited);
  const current = await memberStageView(deps.models, member, now);
  if ((to === 'lift') === (current.stage === 'established')) return { changed: false };
  const columns =
    to === 'lift'
      ? { newStageUntil: null, newStageReason: null, stageChangedAt: now }
      : { newStageUntil: new Date(now.getTime() + LIMITS.newMemberDays * DAY_MS), newStageReason: 'operator' as const, stageChangedAt: now };
  await member.update(columns, { transaction });
  await writeAuditLog(
    deps.models,
    { actorId, action: to === 'lift' ? 'user.new_stage_lift' : 'user.new_stage_restore', targetType: 'user', targetId: member.publicId, reason },
    { transaction },
  );
  return { changed: true };
}

/**
 * After a flag case against `authorId` was upheld (an adverse decision): LIMITS.upheldCasesToNewStage of
 * them since the stage last changed (an appeal overturning one does not count it) put the member back to
 * the new stage for LIMITS.newMemberDays days; logged as the system's act.
 */
export async function afterUpheldCase(
  deps: { models: Pick<Models, 'User' | 'AuditLog'>; sequelize: Sequelize },
  { authorId, caseId, now }: { authorId: number; caseId: number; now: Date },
  { transaction }: { transaction: Transaction },
): Promise<boolean> {
  const member = await deps.models.User.findByPk(authorId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!member || isOperatorRole(member.role)) return false;
  const since = member.stageChangedAt ? sqlDateTime(deps.sequelize, member.stageChangedAt) : null;
  const upheld = await countOne(
    deps.sequelize,
    `SELECT COUNT(*) AS total FROM moderation_cases c
      WHERE c.author_id = :authorId AND c.type IN ('report', 'comment', 'member') AND c.status = 'closed'
        AND c.decision IN (:adverse) ${since ? 'AND c.closed_at > :since' : ''}
        AND NOT EXISTS (SELECT 1 FROM moderation_cases a WHERE a.appeal_of_case_id = c.id AND a.decision = 'overturn')`,
    { authorId, adverse: [...ADVERSE_ACTIONS], since },
    transaction,
  );
  if (upheld < LIMITS.upheldCasesToNewStage) return false;
  const until = new Date(now.getTime() + LIMITS.newMemberDays * DAY_MS);
  await member.update({ newStageUntil: until, newStageReason: 'cases', stageChangedAt: now }, { transaction });
  await writeAuditLog(deps.models, { actorId: null, action: 'user.new_stage_by_cases', targetType: 'user', targetId: member.publicId, details: { caseId, upheld } }, { transaction });
  return true;
}
