import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { activeMemberSql, canNotify, canNotifyRelation, relationColumnsSql, relationFromColumns, type RelationValues } from '../visibility';

/**
 * Whether `actorId` may cause a notification for `recipientId`. Nothing from a suspended member
 * (docs/decisions.md: everything they do leaves the site while suspended).
 *
 * Nor between members who block each other (either way), nor from a member the recipient mutes while
 * the mute lasts (issue 19: the rule is visibility's canNotify).
 */
export async function actorMayNotify(sequelize: Sequelize, { recipientId, actorId }: { recipientId: number; actorId: number }, transaction: Transaction): Promise<boolean> {
  if (recipientId === actorId) return false;
  const [actor] = await sequelize.query<{ suspended: number }>('SELECT CASE WHEN suspended_at IS NULL THEN 0 ELSE 1 END AS suspended FROM users WHERE id = ?', {
    replacements: [actorId],
    type: QueryTypes.SELECT,
    transaction,
  });
  if (!actor || Number(actor.suspended) === 1) return false;
  return !(await memberRelationSuppresses(sequelize, { recipientId, actorId }, transaction));
}

/** A block (either way) or the recipient's mute of the actor keeps the notification away (visibility/relations.ts). */
export async function memberRelationSuppresses(
  sequelize: Sequelize,
  { recipientId, actorId }: { recipientId: number; actorId: number },
  transaction: Transaction,
): Promise<boolean> {
  return !(await canNotify(sequelize, actorId, recipientId, new Date(), { transaction }));
}

/**
 * actorMayNotify as columns of the caller's own statement (the fan-out reads them with the like or
 * comment, one statement instead of three): `actor_suspended` and the relation from the recipient's side
 * (relationColumnsSql), for the members in `actorColumn` and `recipientColumn`. `now` is an SQL value.
 */
export const actorMayNotifyColumnsSql = (actorColumn: string, recipientColumn: string, now: string): string =>
  `CASE WHEN ${activeMemberSql(actorColumn)} THEN 0 ELSE 1 END AS actor_suspended,
   ${relationColumnsSql(actorColumn, { viewer: recipientColumn, now } satisfies RelationValues)}`;

/** actorMayNotify from the columns of actorMayNotifyColumnsSql. */
export function actorMayNotifyFromColumns(
  row: { actor_suspended: number | string; rel_blocking: number | string; rel_blocked_by: number | string; rel_muting: number | string },
  { recipientId, actorId }: { recipientId: number; actorId: number },
): boolean {
  if (recipientId === actorId || Number(row.actor_suspended) === 1) return false;
  return canNotifyRelation(relationFromColumns(row, recipientId, actorId));
}
