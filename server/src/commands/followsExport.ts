import type { AccountExport } from '@hiraku/shared';
import { QueryTypes, type Sequelize } from 'sequelize';
import { followApproval } from './follows';

type Stamp = Date | string;
const iso = (value: Stamp): string => (value instanceof Date ? value : new Date(value)).toISOString();
const stateOf = (state: string) => (state === 'approved' ? ('approved' as const) : ('pending' as const));

/**
 * Follows in the account download: whom the member follows or asks to follow (members, tags,
 * categories), who follows them or asks to, and their フォロー承認制. A request they declined reads as a
 * request to its requester, as everywhere else (follows.ts), and is not among their followers.
 */
export async function exportFollows(sequelize: Sequelize, userId: number): Promise<Pick<AccountExport, 'follows'>> {
  const select = <Row extends object>(sql: string) => sequelize.query<Row>(sql, { replacements: { userId }, type: QueryTypes.SELECT });
  const [members, tags, categories, followers, approval] = await Promise.all([
    select<{ public_id: string; username: string | null; state: string; created_at: Stamp }>(
      `SELECT u.public_id, p.username, f.state, f.created_at FROM member_follows f JOIN users u ON u.id = f.followee_id
         LEFT JOIN profiles p ON p.user_id = u.id WHERE f.follower_id = :userId ORDER BY f.created_at, u.public_id`,
    ),
    select<{ id: number; name: string; created_at: Stamp }>('SELECT g.id, g.name, f.created_at FROM tag_follows f JOIN tags g ON g.id = f.tag_id WHERE f.user_id = :userId ORDER BY f.created_at, g.id'),
    select<{ id: number; name: string; created_at: Stamp }>(
      'SELECT c.id, c.name, f.created_at FROM category_follows f JOIN categories c ON c.id = f.category_id WHERE f.user_id = :userId ORDER BY f.created_at, c.id',
    ),
    select<{ public_id: string; username: string | null; state: string; created_at: Stamp }>(
      `SELECT u.public_id, p.username, f.state, f.created_at FROM member_follows f JOIN users u ON u.id = f.follower_id
         LEFT JOIN profiles p ON p.user_id = u.id WHERE f.followee_id = :userId AND f.state IN ('approved', 'pending') ORDER BY f.created_at, u.public_id`,
    ),
    followApproval(sequelize, userId),
  ]);
  return {
    follows: {
      approval,
      members: members.map((row) => ({ publicId: row.public_id, username: row.username, state: stateOf(row.state), followedAt: iso(row.created_at) })),
      tags: tags.map((row) => ({ id: Number(row.id), name: row.name, followedAt: iso(row.created_at) })),
      categories: categories.map((row) => ({ id: Number(row.id), name: row.name, followedAt: iso(row.created_at) })),
      followers: followers.map((row) => ({ publicId: row.public_id, username: row.username, state: stateOf(row.state), followedAt: iso(row.created_at) })),
    },
  };
}
