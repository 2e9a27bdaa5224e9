import { contentWarningMasks, contentWarningSettingsOf, type ContentWarningSettings, type ContentWarningSettingsInput } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { isMysql, sqlDateTime } from '../../db/connection';
import { loadContentWarningMasks } from '../../visibility';
import { relationsChanged } from '../../cache/changes';

/**
 * Saves a member's choices per content warning: the labels in `input` take the given choice,
 * the others keep theirs. One row per member, written in one statement (an upsert), so two saves at once
 * leave one of them whole. The write drops the member's list relations in every process after its commit
 * (cache/changes.ts relationsChanged), so the member's next list already follows the new choice.
 */
export async function saveContentWarningSettings(
  sequelize: Sequelize,
  userId: number,
  input: ContentWarningSettingsInput,
  { transaction }: { transaction: Transaction },
): Promise<ContentWarningSettings> {
  const current = await loadContentWarningMasks(sequelize, userId, { transaction });
  const settings: ContentWarningSettings = { ...contentWarningSettingsOf(current.hideMask, current.showMask) };
  for (const [key, choice] of Object.entries(input) as Array<[keyof ContentWarningSettings, ContentWarningSettings[keyof ContentWarningSettings] | undefined]>) {
    if (choice !== undefined) settings[key] = choice;
  }
  const { hideMask, showMask } = contentWarningMasks(settings);
  const sql = isMysql(sequelize)
    ? `INSERT INTO content_warning_settings (user_id, hide_mask, show_mask, updated_at) VALUES (:userId, :hideMask, :showMask, :now)
       ON DUPLICATE KEY UPDATE hide_mask = VALUES(hide_mask), show_mask = VALUES(show_mask), updated_at = VALUES(updated_at)`
    : `INSERT INTO content_warning_settings (user_id, hide_mask, show_mask, updated_at) VALUES (:userId, :hideMask, :showMask, :now)
       ON CONFLICT (user_id) DO UPDATE SET hide_mask = excluded.hide_mask, show_mask = excluded.show_mask, updated_at = excluded.updated_at`;
  await sequelize.query(sql, {
    replacements: { userId, hideMask, showMask, now: sqlDateTime(sequelize, new Date()) },
    type: QueryTypes.INSERT,
    transaction,
  });
  relationsChanged(sequelize, userId, { transaction });
  return settings;
}

/** Account deletion: the member's choices go with them (the foreign key cascades too; said here so no dialect's setting is relied on). */
export async function deleteContentWarningSettings(sequelize: Sequelize, userId: number, { transaction }: { transaction: Transaction }): Promise<void> {
  await sequelize.query('DELETE FROM content_warning_settings WHERE user_id = :userId', { replacements: { userId }, type: QueryTypes.DELETE, transaction });
  relationsChanged(sequelize, userId, { transaction });
}
