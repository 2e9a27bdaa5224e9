import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Report } from '../models';
import type { Viewer } from '../policies/viewer';
import { approvedFollowerSql } from './sql';

/*
 * The one follow fact visibility needs: whether the viewer is an approved follower of a
 * report's author, which opens that author's フォロワーのみ reports to them. Read only when a report is
 * followers-only, so reading a members' report costs nothing more.
 */

/** Whether `viewerId` is an approved follower of `authorId`; one primary-key lookup. */
export async function loadViewerFollowsAuthor(
  sequelize: Sequelize,
  viewerId: number,
  authorId: number,
  options: { transaction?: Transaction } = {},
): Promise<boolean> {
  if (viewerId === authorId) return false;
  const [row] = await sequelize.query<{ follows: number | string }>(`SELECT CASE WHEN ${approvedFollowerSql(':viewer', ':author')} THEN 1 ELSE 0 END AS follows`, {
    replacements: { viewer: viewerId, author: authorId },
    type: QueryTypes.SELECT,
    transaction: options.transaction,
  });
  return Number(row?.follows ?? 0) === 1;
}

/**
 * Sets `report.viewerFollowsAuthor` (which reportFacts reads) for `viewer` when the report is
 * フォロワーのみ; returns the report. Call before authorizing a read of a report loaded for no one.
 */
export async function withViewerFollow<R extends Pick<Report, 'audience' | 'authorId' | 'viewerFollowsAuthor'>>(sequelize: Sequelize, viewer: Viewer, report: R): Promise<R> {
  if (viewer !== null && report.audience !== 'members') report.viewerFollowsAuthor = await loadViewerFollowsAuthor(sequelize, viewer.id, report.authorId);
  return report;
}
