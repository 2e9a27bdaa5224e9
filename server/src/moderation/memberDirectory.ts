import { LIMITS } from '@hiraku/shared';
import { Op, QueryTypes, type Sequelize } from 'sequelize';
import type { Models, User } from '../models';
import { containsPattern } from '../search/databaseFallbackSearch';

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
  // Two parts instead of one OR across both tables (which read and sorted every member): the exact public
  // id through its unique index, and the names through the narrow (username, user_id) index (0022); each
  // part brings at most a page, the exact one first, then the newest. STRAIGHT_JOIN: left to itself
  // MariaDB walks every member newest first by users_created_at and looks each profile up, to stop at 20
  // matches; a public id matches no name, so it walked them all (2-4 times slower than the names index).
  const join = deps.sequelize.getDialect() === 'mysql' ? 'STRAIGHT_JOIN' : 'JOIN';
  const rows = await deps.sequelize.query<{ id: number | string }>(
    query === ''
      ? 'SELECT u.id AS id FROM users u ORDER BY u.created_at DESC, u.id DESC LIMIT :max'
      : `SELECT id FROM (
           SELECT u.id AS id, 0 AS exact, u.created_at AS created_at FROM users u WHERE u.public_id = :query
           UNION
           SELECT * FROM (
             SELECT u.id AS id, 1 AS exact, u.created_at AS created_at
               FROM profiles p ${join} users u ON u.id = p.user_id
              WHERE p.username LIKE :pattern ESCAPE '!' AND u.public_id <> :query
              ORDER BY u.created_at DESC, u.id DESC
              LIMIT :max) named
         ) found
         ORDER BY exact, created_at DESC, id DESC
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
