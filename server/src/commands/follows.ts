import {
  FOLLOW_LIMITS,
  TEXTS,
  type FollowedMembers,
  type FollowedTopics,
  type FollowerList,
  type FollowKind,
  type FollowList,
  type FollowSettings,
  type FollowState,
  type ReportAudience,
} from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { conflict, notFound, validationError } from '../errors';
import type { Models } from '../models';
import { notify } from '../notifications';
import { loadRelationTo, isBlockedEitherWay } from '../visibility';
import { assertNewMemberMay } from './memberStage';

/*
 * Follows: members, tags and categories. Private to the follower: nothing here answers whom
 * another member follows; a followed member reads their follower count and list of followers only.
 * Every write runs in the caller's transaction with the follower's row locked, so two tabs cannot
 * together pass LIMITS' 2,000. Raw SQL on purpose: three small tables, no model instance per row.
 */

type Options = { transaction: Transaction };
type FollowModels = Pick<Models, 'User'>;
/** The writes that tell someone (a new follower, a request, an approval) queue a notification too. */
type TellingModels = Pick<Models, 'User' | 'NotificationOutboxEntry'>;
export type FollowOutcome = FollowState | 'none';

const t = TEXTS.follow;

/** A stored state as its follower may know it: a declined request still reads リクエスト中 (answerFollowRequest). */
const storedState = (state: string): FollowState => (state === 'approved' ? 'approved' : 'pending');

const query = <Row extends object>(sequelize: Sequelize, sql: string, replacements: Record<string, unknown>, transaction?: Transaction) =>
  sequelize.query<Row>(sql, { replacements, type: QueryTypes.SELECT, transaction });

async function lockMember(models: FollowModels, userId: number, { transaction }: Options): Promise<void> {
  await models.User.findByPk(userId, { attributes: ['id'], transaction, lock: transaction.LOCK.UPDATE });
}

/** The member's フォロー承認制 (off without a row). */
export async function followApproval(sequelize: Sequelize, userId: number, transaction?: Transaction): Promise<boolean> {
  const [row] = await query<{ approval: number | boolean }>(sequelize, 'SELECT approval FROM follow_settings WHERE user_id = :userId', { userId }, transaction);
  return Boolean(Number(row?.approval ?? 0));
}

/** Follows of every kind the member holds, requests included: what LIMITS' followsMax counts. */
export async function countFollows(sequelize: Sequelize, userId: number, transaction?: Transaction): Promise<number> {
  const [row] = await query<{ total: number | string }>(
    sequelize,
    `SELECT (SELECT COUNT(*) FROM member_follows WHERE follower_id = :userId)
          + (SELECT COUNT(*) FROM tag_follows WHERE user_id = :userId)
          + (SELECT COUNT(*) FROM category_follows WHERE user_id = :userId) AS total`,
    { userId },
    transaction,
  );
  return Number(row?.total ?? 0);
}

/**
 * Follows the member added since `since`, of every kind: what the new-member limit counts (at most
 * FOLLOW_LIMITS.newMemberFollowsPerDay a Japan day, commands/memberStage.ts).
 */
export async function countFollowsSince(sequelize: Sequelize, userId: number, since: Date, transaction?: Transaction): Promise<number> {
  const [row] = await query<{ total: number | string }>(
    sequelize,
    `SELECT (SELECT COUNT(*) FROM member_follows WHERE follower_id = :userId AND created_at >= :since)
          + (SELECT COUNT(*) FROM tag_follows WHERE user_id = :userId AND created_at >= :since)
          + (SELECT COUNT(*) FROM category_follows WHERE user_id = :userId AND created_at >= :since) AS total`,
    { userId, since: sqlDateTime(sequelize, since) },
    transaction,
  );
  return Number(row?.total ?? 0);
}

/**
 * Runs before each new follow with the follower's row locked: refuses past LIMITS' total (409), and a
 * new member past the day's follows (429, issue 35).
 */
type FollowGate = (models: FollowModels, sequelize: Sequelize, followerId: number, options: Options) => Promise<void>;
const FOLLOW_GATES: FollowGate[] = [
  async (_models, sequelize, followerId, { transaction }) => {
    if ((await countFollows(sequelize, followerId, transaction)) >= FOLLOW_LIMITS.followsMax) throw conflict(t.tooMany);
  },
  // Issue 35: a new member adds at most FOLLOW_LIMITS.newMemberFollowsPerDay follows a Japan day (429).
  async (models, sequelize, followerId, { transaction }) => {
    await assertNewMemberMay(models, { userId: followerId, action: 'follow', countSince: (since) => countFollowsSince(sequelize, followerId, since, transaction) }, { transaction });
  },
];

async function beforeNewFollow(models: FollowModels, sequelize: Sequelize, followerId: number, options: Options): Promise<void> {
  await lockMember(models, followerId, options);
  for (const gate of FOLLOW_GATES) await gate(models, sequelize, followerId, options);
}

async function memberIdOf(models: FollowModels, publicId: string, transaction?: Transaction): Promise<number> {
  const member = await models.User.findOne({ where: { publicId }, attributes: ['id'], transaction });
  if (!member) throw notFound(t.memberNotFound);
  return member.id;
}

/**
 * Follows the member `publicId`: approved at once, or a request when they turned フォロー承認制 on.
 * Following again changes nothing. Oneself: 400; nobody: 404; blocked either way: 404 (the same as
 * nobody, so a block is not revealed); past the limit: 409; a new member past the day's follows: 429.
 */
export async function followMember(
  models: TellingModels,
  { viewerId, publicId, now }: { viewerId: number; publicId: string; now: Date },
  options: Options,
): Promise<{ state: FollowState; followeeId: number; created: boolean }> {
  const sequelize = models.User.sequelize as Sequelize;
  const followeeId = await memberIdOf(models, publicId, options.transaction);
  if (followeeId === viewerId) throw validationError(t.followSelf);
  if (isBlockedEitherWay(await loadRelationTo(sequelize, viewerId, followeeId, now, options))) throw notFound(t.memberNotFound);
  const [existing] = await query<{ state: string }>(
    sequelize,
    'SELECT state FROM member_follows WHERE follower_id = :viewerId AND followee_id = :followeeId',
    { viewerId, followeeId },
    options.transaction,
  );
  if (existing) return { state: storedState(existing.state), followeeId, created: false };
  await beforeNewFollow(models, sequelize, viewerId, options);
  const state: FollowState = (await followApproval(sequelize, followeeId, options.transaction)) ? 'pending' : 'approved';
  const at = sqlDateTime(sequelize, now);
  await sequelize.query('INSERT INTO member_follows (follower_id, followee_id, state, created_at, approved_at) VALUES (:viewerId, :followeeId, :state, :at, :approvedAt)', {
    replacements: { viewerId, followeeId, state, at, approvedAt: state === 'approved' ? at : null },
    transaction: options.transaction,
  });
  await notify(models, { kind: state === 'approved' ? 'newFollower' : 'followRequest', followerId: viewerId, followeeId }, options);
  return { state, followeeId, created: true };
}

/** Stops following (or withdraws the request to) `publicId`; nothing to stop is fine. */
export async function unfollowMember(models: FollowModels, { viewerId, publicId }: { viewerId: number; publicId: string }, options: Options): Promise<void> {
  const followeeId = await memberIdOf(models, publicId, options.transaction);
  await models.User.sequelize?.query('DELETE FROM member_follows WHERE follower_id = :viewerId AND followee_id = :followeeId', {
    replacements: { viewerId, followeeId },
    transaction: options.transaction,
  });
}

/** Where `viewerId` stands with `publicId`: for the follow button only, about the caller's own follow. */
export async function memberFollowState(models: FollowModels, { viewerId, publicId }: { viewerId: number; publicId: string }): Promise<FollowOutcome> {
  const followeeId = await memberIdOf(models, publicId);
  const [row] = await query<{ state: string }>(
    models.User.sequelize as Sequelize,
    'SELECT state FROM member_follows WHERE follower_id = :viewerId AND followee_id = :followeeId',
    { viewerId, followeeId },
  );
  return row ? storedState(row.state) : 'none';
}

/** Every member `viewerId` follows or asks to follow (at most FOLLOW_LIMITS.followsMax): the cards' follow buttons. */
export async function listFollowedMembers(sequelize: Sequelize, viewerId: number): Promise<FollowedMembers> {
  const rows = await query<{ public_id: string; state: string }>(
    sequelize,
    'SELECT u.public_id, f.state FROM member_follows f JOIN users u ON u.id = f.followee_id WHERE f.follower_id = :viewerId',
    { viewerId },
  );
  return { members: rows.map((row) => ({ publicId: row.public_id, state: storedState(row.state) })) };
}

/** Every tag and category `viewerId` follows (at most FOLLOW_LIMITS.followsMax together): the follow buttons of a report's tags. */
export async function listFollowedTopics(sequelize: Sequelize, viewerId: number): Promise<FollowedTopics> {
  const rows = await query<{ kind: string; id: number | string }>(
    sequelize,
    `SELECT 'tag' AS kind, tag_id AS id FROM tag_follows WHERE user_id = :viewerId
     UNION ALL SELECT 'category' AS kind, category_id AS id FROM category_follows WHERE user_id = :viewerId`,
    { viewerId },
  );
  const ids = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  return { tags: ids('tag'), categories: ids('category') };
}

/** The two kinds followed without approval: their table and the table of what they name. */
const TOPICS = {
  tag: { table: 'tag_follows', column: 'tag_id', target: 'tags', missing: t.tagNotFound },
  category: { table: 'category_follows', column: 'category_id', target: 'categories', missing: t.categoryNotFound },
} as const;
export type TopicKind = keyof typeof TOPICS;

/** Follows tag or category `id`; again changes nothing; unknown: 404; past the limit: 409; a new member past the day's follows: 429. */
export async function followTopic(models: FollowModels, { viewerId, kind, id, now }: { viewerId: number; kind: TopicKind; id: number; now: Date }, options: Options): Promise<void> {
  const sequelize = models.User.sequelize as Sequelize;
  const topic = TOPICS[kind];
  const [target] = await query<{ id: number }>(sequelize, `SELECT id FROM ${topic.target} WHERE id = :id`, { id }, options.transaction);
  if (!target) throw notFound(topic.missing);
  const [existing] = await query<{ one: number }>(
    sequelize,
    `SELECT 1 AS one FROM ${topic.table} WHERE user_id = :viewerId AND ${topic.column} = :id`,
    { viewerId, id },
    options.transaction,
  );
  if (existing) return;
  await beforeNewFollow(models, sequelize, viewerId, options);
  await sequelize.query(`INSERT INTO ${topic.table} (user_id, ${topic.column}, created_at) VALUES (:viewerId, :id, :at)`, {
    replacements: { viewerId, id, at: sqlDateTime(sequelize, now) },
    transaction: options.transaction,
  });
}

export async function unfollowTopic(models: FollowModels, { viewerId, kind, id }: { viewerId: number; kind: TopicKind; id: number }, options: Options): Promise<void> {
  const topic = TOPICS[kind];
  await models.User.sequelize?.query(`DELETE FROM ${topic.table} WHERE user_id = :viewerId AND ${topic.column} = :id`, {
    replacements: { viewerId, id },
    transaction: options.transaction,
  });
}

interface FollowRow {
  kind: FollowKind;
  key: string | number;
  name: string | null;
  state: string;
  created_at: Date | string;
}

// mysql2 answers a Date; SQLite the text Sequelize stored (sqlDateTime's form, which Date reads).
const isoOf = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** What `viewerId` follows (requests included), newest first, a page of FOLLOW_LIMITS.followListPage. */
export async function listFollows(sequelize: Sequelize, { viewerId, kind, page }: { viewerId: number; kind?: FollowKind; page: number }): Promise<FollowList> {
  const parts: Record<FollowKind, string> = {
    member: `SELECT 'member' AS kind, u.public_id AS ${'`key`'}, p.username AS name, f.state AS state, f.created_at AS created_at
               FROM member_follows f JOIN users u ON u.id = f.followee_id LEFT JOIN profiles p ON p.user_id = u.id WHERE f.follower_id = :viewerId`,
    tag: `SELECT 'tag' AS kind, g.id AS ${'`key`'}, g.name AS name, 'approved' AS state, f.created_at AS created_at
            FROM tag_follows f JOIN tags g ON g.id = f.tag_id WHERE f.user_id = :viewerId`,
    category: `SELECT 'category' AS kind, c.id AS ${'`key`'}, c.name AS name, 'approved' AS state, f.created_at AS created_at
                 FROM category_follows f JOIN categories c ON c.id = f.category_id WHERE f.user_id = :viewerId`,
  };
  const chosen = kind ? [parts[kind]] : Object.values(parts);
  // SQLite quotes identifiers with double quotes but accepts backticks too.
  const size = FOLLOW_LIMITS.followListPage;
  const rows = await query<FollowRow>(
    sequelize,
    `SELECT * FROM (${chosen.join(' UNION ALL ')}) follows ORDER BY created_at DESC, kind, ${'`key`'} LIMIT :limit OFFSET :offset`,
    { viewerId, limit: size + 1, offset: (page - 1) * size },
  );
  const total = kind ? undefined : await countFollows(sequelize, viewerId);
  return {
    items: rows.slice(0, size).map((row) => ({ kind: row.kind, key: String(row.key), name: row.name, state: storedState(row.state), createdAt: isoOf(row.created_at) })),
    page,
    hasMore: rows.length > size,
    total: total ?? rows.length + (page - 1) * size,
  };
}

/** Members who follow `userId` (`approved`) or ask to (`pending`), newest first: for the member themself only. */
export async function listFollowers(sequelize: Sequelize, { userId, state, page }: { userId: number; state: FollowState; page: number }): Promise<FollowerList> {
  const size = FOLLOW_LIMITS.followListPage;
  const rows = await query<{ public_id: string; username: string | null; created_at: Date | string }>(
    sequelize,
    `SELECT u.public_id, p.username, f.created_at
       FROM member_follows f JOIN users u ON u.id = f.follower_id LEFT JOIN profiles p ON p.user_id = u.id
      WHERE f.followee_id = :userId AND f.state = :state
      ORDER BY f.created_at DESC, f.follower_id DESC LIMIT :limit OFFSET :offset`,
    { userId, state, limit: size + 1, offset: (page - 1) * size },
  );
  return {
    members: rows.slice(0, size).map((row) => ({ publicId: row.public_id, username: row.username, createdAt: isoOf(row.created_at) })),
    page,
    hasMore: rows.length > size,
  };
}

/** A member's follower count and following count (approved follows of members, and every tag and category). */
export async function followCounts(sequelize: Sequelize, userId: number): Promise<{ followers: number; following: number; requests: number }> {
  const [row] = await query<{ followers: number | string; following: number | string; requests: number | string }>(
    sequelize,
    `SELECT (SELECT COUNT(*) FROM member_follows WHERE followee_id = :userId AND state = 'approved') AS followers,
            (SELECT COUNT(*) FROM member_follows WHERE followee_id = :userId AND state = 'pending') AS requests,
            (SELECT COUNT(*) FROM member_follows WHERE follower_id = :userId AND state = 'approved')
          + (SELECT COUNT(*) FROM tag_follows WHERE user_id = :userId)
          + (SELECT COUNT(*) FROM category_follows WHERE user_id = :userId) AS following`,
    { userId },
  );
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0), requests: Number(row?.requests ?? 0) };
}

export async function loadFollowSettings(sequelize: Sequelize, userId: number): Promise<FollowSettings> {
  const [approval, counts] = await Promise.all([followApproval(sequelize, userId), followCounts(sequelize, userId)]);
  return { approval, followerCount: counts.followers, requestCount: counts.requests };
}

/**
 * Turns フォロー承認制 on or off. Turning it off approves the requests waiting, as a member without it
 * approves every follow; the members approved are told, and returned.
 */
export async function saveFollowApproval(
  models: TellingModels,
  { userId, approval, now }: { userId: number; approval: boolean; now: Date },
  options: Options,
): Promise<{ approvedFollowerIds: number[] }> {
  const sequelize = models.User.sequelize as Sequelize;
  await lockMember(models, userId, options);
  const at = sqlDateTime(sequelize, now);
  const updated = await query<{ user_id: number }>(sequelize, 'SELECT user_id FROM follow_settings WHERE user_id = :userId', { userId }, options.transaction);
  await sequelize.query(
    updated.length > 0
      ? 'UPDATE follow_settings SET approval = :approval, updated_at = :at WHERE user_id = :userId'
      : 'INSERT INTO follow_settings (user_id, approval, updated_at) VALUES (:userId, :approval, :at)',
    { replacements: { userId, approval, at }, transaction: options.transaction },
  );
  if (approval) return { approvedFollowerIds: [] };
  const pending = await query<{ follower_id: number | string }>(
    sequelize,
    "SELECT follower_id FROM member_follows WHERE followee_id = :userId AND state = 'pending'",
    { userId },
    options.transaction,
  );
  await sequelize.query("UPDATE member_follows SET state = 'approved', approved_at = :at WHERE followee_id = :userId AND state = 'pending'", {
    replacements: { userId, at },
    transaction: options.transaction,
  });
  const approvedFollowerIds = pending.map((row) => Number(row.follower_id));
  if (approvedFollowerIds.length > 0) await notify(models, { kind: 'followApproved', followeeId: userId, followerIds: approvedFollowerIds }, options);
  return { approvedFollowerIds };
}

/**
 * Approves or declines the request of `publicId` to follow `userId`; 404 when there is no such request.
 * A decline is never told to the requester: the row stays as `declined`, which opens nothing
 * (visibility reads `approved` only), leaves the followee's requests, and reads as リクエスト中 to the
 * requester (storedState), exactly like a request still waiting.
 */
export async function answerFollowRequest(
  models: TellingModels,
  { userId, publicId, approve, now }: { userId: number; publicId: string; approve: boolean; now: Date },
  options: Options,
): Promise<{ followerId: number }> {
  const sequelize = models.User.sequelize as Sequelize;
  const follower = await models.User.findOne({ where: { publicId }, attributes: ['id'], transaction: options.transaction });
  if (!follower) throw notFound(t.requestNotFound);
  const [request] = await query<{ one: number }>(
    sequelize,
    "SELECT 1 AS one FROM member_follows WHERE follower_id = :followerId AND followee_id = :userId AND state = 'pending'",
    { followerId: follower.id, userId },
    options.transaction,
  );
  if (!request) throw notFound(t.requestNotFound);
  await sequelize.query(
    approve
      ? "UPDATE member_follows SET state = 'approved', approved_at = :at WHERE follower_id = :followerId AND followee_id = :userId"
      : "UPDATE member_follows SET state = 'declined' WHERE follower_id = :followerId AND followee_id = :userId",
    { replacements: { followerId: follower.id, userId, at: sqlDateTime(sequelize, now) }, transaction: options.transaction },
  );
  // A decline is told to no one.
  if (approve) await notify(models, { kind: 'followApproved', followeeId: userId, followerIds: [follower.id] }, options);
  return { followerId: follower.id };
}

/** A block ends every follow and request between the two members, both ways (called by blockMember). */
export async function removeFollowsBetween(sequelize: Sequelize, a: number, b: number, { transaction }: Options): Promise<void> {
  await sequelize.query('DELETE FROM member_follows WHERE (follower_id = :a AND followee_id = :b) OR (follower_id = :b AND followee_id = :a)', {
    replacements: { a, b },
    transaction,
  });
}

/** Account deletion: every follow and request of the member's or to them, and their settings. */
export async function deleteFollowsOf(sequelize: Sequelize, userId: number, { transaction }: Options): Promise<void> {
  for (const sql of [
    'DELETE FROM member_follows WHERE follower_id = :userId OR followee_id = :userId',
    'DELETE FROM tag_follows WHERE user_id = :userId',
    'DELETE FROM category_follows WHERE user_id = :userId',
    'DELETE FROM follow_settings WHERE user_id = :userId',
  ]) {
    await sequelize.query(sql, { replacements: { userId }, transaction });
  }
}

/** Refuses フォロワーのみ from an author without フォロー承認制 (the form offers it only with it on). */
export async function assertAudienceAllowed(models: FollowModels, { authorId, audience }: { authorId: number; audience: ReportAudience }, options: Options): Promise<void> {
  if (audience !== 'followers') return;
  if (!(await followApproval(models.User.sequelize as Sequelize, authorId, options.transaction))) {
    throw validationError(t.audienceNeedsApproval, { audience: t.audienceNeedsApproval });
  }
}
