import { LIMITS } from '@hiraku/shared';
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import type { Models, User } from '../../models';
import { containsPattern } from '../../search/databaseFallbackSearch';

export interface MemberCounts {
  reportCount: number;
  commentCount: number;
}

export type MemberWithCounts = { member: User; counts: MemberCounts };

/**
 * Members for the operators' member screen: an exact public id, or part of a username; an empty query
 * lists the newest. Never searched by, nor answering with, an e-mail address.
 */
export async function searchMembers(deps: { models: Pick<Models, 'User' | 'Profile'>; sequelize: Sequelize }, query: string): Promise<MemberWithCounts[]> {
  const rows = await deps.sequelize.query<{ id: number | string }>(
    `SELECT u.id AS id
       FROM users u
       LEFT JOIN profiles p ON p.user_id = u.id
      ${query === '' ? '' : "WHERE u.public_id = :query OR p.username LIKE :pattern ESCAPE '!'"}
      ORDER BY CASE WHEN u.public_id = :query THEN 0 ELSE 1 END, u.created_at DESC, u.id DESC
      LIMIT :max`,
    { replacements: { query, pattern: containsPattern(query), max: LIMITS.memberSearchMax }, type: QueryTypes.SELECT },
  );
  const ids = rows.map((row) => Number(row.id));
  return loadMembersWithCounts(deps, ids);
}

/** Members by id, in the order of `ids`, with their profile and counts. */
export async function loadMembersWithCounts(
  deps: { models: Pick<Models, 'User' | 'Profile'>; sequelize: Sequelize },
  ids: readonly number[],
): Promise<MemberWithCounts[]> {
  if (ids.length === 0) return [];
  const [members, reportCounts, commentCounts] = await Promise.all([
    deps.models.User.findAll({
      where: { id: { [Op.in]: [...ids] } },
      attributes: ['id', 'publicId', 'role', 'suspendedAt', 'suspendedUntil', 'createdAt'],
      include: [{ model: deps.models.Profile, as: 'profile', attributes: ['username'], required: false }],
    }),
    countBy(deps.sequelize, 'SELECT author_id AS id, COUNT(*) AS n FROM reports WHERE author_id IN (:ids) AND is_draft = 0 GROUP BY author_id', ids),
    countBy(deps.sequelize, 'SELECT author_id AS id, COUNT(*) AS n FROM comments WHERE author_id IN (:ids) AND deleted_at IS NULL GROUP BY author_id', ids),
  ]);
  const byId = new Map(members.map((member) => [member.id, member]));
  return ids.flatMap((id) => {
    const member = byId.get(id);
    return member ? [{ member, counts: { reportCount: reportCounts.get(id) ?? 0, commentCount: commentCounts.get(id) ?? 0 } }] : [];
  });
}

async function countBy(sequelize: Sequelize, sql: string, ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await sequelize.query<{ id: number | string; n: number | string }>(sql, { replacements: { ids: [...ids] }, type: QueryTypes.SELECT });
  return new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
}
