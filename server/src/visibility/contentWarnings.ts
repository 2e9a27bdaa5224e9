import { contentWarningSettingsOf, type ContentWarningSettings } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { RelationValues } from './relations';

/*
 * Content warnings: a member who set a label to 表示しない does not get reports carrying it in
 * their lists (feed of every sort, search, profiles, saves), their own reports excepted like every rule of
 * relations.ts. The labels are bits of `reports.warning_mask` and the member's hidden ones the bits of
 * `content_warning_settings.hide_mask`, so each form below is one `&`: in SQL a correlated NOT EXISTS on
 * the settings table's primary key, evaluated for the rows a page reads, in memory a number the
 * member's list relations carry (loadListRelations). 警告してから表示 changes nothing here: the UI covers
 * the report (coveringContentWarnings in packages/shared).
 */

/** Labels in `reportMask` that are also in `hiddenMask` (a member's 表示しない): the report leaves their lists. */
export const hidesWarnings = (reportMask: number, hiddenMask: number): boolean => (reportMask & hiddenMask) !== 0;

/** Report alias `r` carries none of the labels the viewer hides. */
export const noHiddenWarningSql = (r: string, v: RelationValues): string =>
  `NOT EXISTS (SELECT 1 FROM content_warning_settings vis_cw WHERE vis_cw.user_id = ${v.viewer} AND (vis_cw.hide_mask & ${r}.warning_mask) <> 0)`;

/** The member's choices as stored: both masks, 0 without a row. */
export async function loadContentWarningMasks(
  sequelize: Sequelize,
  userId: number,
  options: { transaction?: Transaction } = {},
): Promise<{ hideMask: number; showMask: number }> {
  const [row] = await sequelize.query<{ hide_mask: number | string; show_mask: number | string }>(
    'SELECT hide_mask, show_mask FROM content_warning_settings WHERE user_id = :userId',
    { replacements: { userId }, type: QueryTypes.SELECT, transaction: options.transaction },
  );
  return { hideMask: Number(row?.hide_mask ?? 0), showMask: Number(row?.show_mask ?? 0) };
}

/** The member's choice per label (every label on 警告してから表示 until they choose). */
export async function loadContentWarningSettings(sequelize: Sequelize, userId: number, options: { transaction?: Transaction } = {}): Promise<ContentWarningSettings> {
  const { hideMask, showMask } = await loadContentWarningMasks(sequelize, userId, options);
  return contentWarningSettingsOf(hideMask, showMask);
}
