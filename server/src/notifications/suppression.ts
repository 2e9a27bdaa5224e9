import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * Whether `actorId` may cause a notification for `recipientId`. Nothing from a suspended member
 * (docs/decisions.md: everything they do leaves the site while suspended).
 *
 * BLOCKS AND MUTES HOOK: `memberRelationSuppresses` below is where a block (either way) or the
 * recipient's mute of the actor must answer true. The blocks/mutes of issue 19 live in
 * server/src/visibility/ (who may see what is decided only there); when that check lands, call it from
 * here and add its cases to notifications.int.test.ts ("suppressed" tests).
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

/** The blocks/mutes hook (see above): false until issue 19's visibility check exists. */
export async function memberRelationSuppresses(
  _sequelize: Sequelize,
  _pair: { recipientId: number; actorId: number },
  _transaction: Transaction,
): Promise<boolean> {
  return false;
}
