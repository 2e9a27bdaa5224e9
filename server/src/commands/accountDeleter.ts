import { deleteContentWarningSettings } from './contentWarnings/warningSettings';
import { Op } from 'sequelize';
import { QueryTypes, type Transaction } from 'sequelize';
import type { AppServices } from '../services';
import { recountReports } from '../visibility';
import { writeTransaction } from '../db/transaction';
import { enqueueReportSearchSync } from './searchOutbox';
import { forgetLikeGroupsOnlyOf } from '../notifications';
import { deleteSavesOf } from './saves/savesExport';
import { deleteFollowsOf } from './follows';

type Deps = Pick<AppServices, 'models' | 'sequelize' | 'storage' | 'logger'>;

/**
 * Deletes a member and everything of theirs (docs/decisions.md): e-mail, password hash, profile, icon,
 * reports, images, comments, likes, sessions, one-time tokens, search log rows and search documents.
 * One transaction fixes the counters of other members' reports and queues the search changes, then
 * removes the user row (foreign keys cascade to the rest) and keeps only "id N was deleted at T".
 * Image files go after the commit: a rollback must not leave reports pointing at missing files.
 */
export async function deleteAccount(deps: Deps, userId: number, now = new Date()): Promise<void> {
  const imageKeys = await writeTransaction(deps.sequelize, async (transaction) => {
    const { models } = deps;
    const user = await models.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) return [];

    const profile = await models.Profile.findOne({ where: { userId }, attributes: ['iconKey'], transaction });
    const ownReports = await models.Report.findAll({ where: { authorId: userId }, attributes: ['id', 'mainImageKey', 'thumbnailKey', 'imagePreviewKey'], transaction });
    const ownIds = new Set(ownReports.map((report) => report.id));
    const touched = await reportsTouchedBy(deps, userId, transaction);
    const othersTouched = touched.filter((id) => !ownIds.has(id));

    // The member's likes and comments go first, so the recount below no longer sees them.
    await models.Like.destroy({ where: { userId }, transaction });
    await models.Comment.destroy({ where: { authorId: userId }, transaction });
    await recountReports(deps.sequelize, othersTouched, { transaction });

    await enqueueReportSearchSync(models, othersTouched, 'upsert', { transaction });
    await enqueueReportSearchSync(models, [...ownIds], 'delete', { transaction });

    // Enquiries may hold an e-mail address the member typed: it goes with the account (docs/decisions.md).
    await models.ContactEnquiry.destroy({ where: { userId }, transaction });
    // Their notifications and their place in others' go by the foreign keys; a group of likes of theirs alone goes here.
    await forgetLikeGroupsOnlyOf(deps.sequelize, userId, { transaction });
    // Blocks and mutes both ways and the member's muted words; the foreign keys cascade too,
    // but SQLite enforces them only where foreign keys are on.
    await models.Block.destroy({ where: { [Op.or]: [{ blockerId: userId }, { blockedId: userId }] }, transaction });
    await models.Mute.destroy({ where: { [Op.or]: [{ muterId: userId }, { mutedId: userId }] }, transaction });
    await models.MutedWord.destroy({ where: { userId }, transaction });
    await deleteContentWarningSettings(deps.sequelize, userId, { transaction });
    // Saves and collections, for the same reason.
    await deleteSavesOf(models, userId, { transaction });
    // Follows both ways, requests and フォロー承認制: cascade too, but not where SQLite's foreign keys are off.
    await deleteFollowsOf(deps.sequelize, userId, { transaction });
    // What the member was writing: cascades too, but not where SQLite's foreign keys are off.
    await models.ReportAutosave.destroy({ where: { userId }, transaction });
    await models.User.destroy({ where: { id: userId }, transaction });
    await models.DeletedAccount.create({ userId, deletedAt: now }, { transaction });

    return [profile?.iconKey, ...ownReports.flatMap((report) => [report.mainImageKey, report.thumbnailKey, report.imagePreviewKey])].filter(
      (key): key is string => typeof key === 'string' && key.length > 0,
    );
  });

  for (const key of imageKeys) {
    await deps.storage.delete(key).catch((error: unknown) => deps.logger.error({ err: error, key }, 'image of a deleted account could not be removed'));
  }
}

async function reportsTouchedBy(deps: Deps, userId: number, transaction: Transaction): Promise<number[]> {
  const rows = await deps.sequelize.query<{ reportId: number | string }>(
    // Saves too: their search documents name the member in `savedBy`.
    `SELECT report_id AS reportId FROM likes WHERE user_id = :userId
     UNION SELECT report_id AS reportId FROM comments WHERE author_id = :userId
     UNION SELECT report_id AS reportId FROM saves WHERE user_id = :userId`,
    { replacements: { userId }, type: QueryTypes.SELECT, transaction },
  );
  return rows.map((row) => Number(row.reportId));
}
