import { Op, type Sequelize, type Transaction } from 'sequelize';
import type { Models } from '../models';

/**
 * A comment an operator deleted stays as a row for the moderation record, so its notifications do not
 * go with it by the foreign key: they are removed here, in the decision's transaction. (Comments and
 * reports that are really deleted take theirs by the foreign keys; a deleted account takes its own
 * notifications and its place in groups of likes the same way.)
 */
export async function forgetNotificationsOfComments(models: Pick<Models, 'Notification'>, commentIds: readonly number[], { transaction }: { transaction: Transaction }): Promise<void> {
  if (commentIds.length === 0) return;
  await models.Notification.destroy({ where: { commentId: { [Op.in]: [...commentIds] } }, transaction });
}

/**
 * Before a member's account goes: groups of likes in which they were the only one would be left empty
 * when their rows go by the foreign keys, so they go too. (Their place in other groups goes by the keys.)
 */
export async function forgetLikeGroupsOnlyOf(sequelize: Sequelize, userId: number, { transaction }: { transaction: Transaction }): Promise<void> {
  await sequelize.query(
    `DELETE FROM notifications WHERE kind = 'likes'
       AND id IN (SELECT notification_id FROM notification_actors WHERE actor_id = ?)
       AND NOT EXISTS (SELECT 1 FROM notification_actors o WHERE o.notification_id = notifications.id AND o.actor_id <> ?)`,
    { replacements: [userId, userId], transaction },
  );
}
