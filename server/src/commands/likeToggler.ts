import { TEXTS, type LikeToggleResponse } from '@hiraku/shared';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { sqlDateTime } from '../db/connection';
import { notFound } from '../errors';
import type { Models } from '../models';
import { authorizeReport } from '../policies/report';
import { authorizeRelation } from '../policies/relations';
import type { Viewer } from '../policies/viewer';
import { lockReportForMember } from './reportLoader';
import { recordLikeLevel } from './reportLikeLevels';
import { enqueueReportSearchSync } from './searchOutbox';
import { adjustLikeCount } from '../visibility';
import { affectedRows } from '../db/affectedRows';
import { notify } from '../notifications';

type LikeModels = Pick<Models, 'SearchOutboxEntry' | 'NotificationOutboxEntry'>;

/**
 * Likes or unlikes a report for `viewer`: flips the current state, or sets `liked` when the client says
 * which state it wants (so a repeated request changes nothing). The report row is locked first (with
 * its author's state and the relation to them, one statement), so concurrent toggles of one report run
 * one after another. The like row decides: like_count moves by one only when its insert or delete
 * changed a row, so the counter keeps equal to the likes that count (visibility/counters.ts) without
 * recounting them.
 */
export async function toggleLike(
  deps: { models: LikeModels; sequelize: Sequelize },
  { viewer, reportId, liked }: { viewer: NonNullable<Viewer>; reportId: number; liked?: boolean },
  { transaction }: { transaction: Transaction },
): Promise<LikeToggleResponse> {
  const { models, sequelize } = deps;
  const locked = await lockReportForMember(sequelize, reportId, viewer.id, { transaction });
  if (!locked) throw notFound(TEXTS.like.notFound);
  authorizeReport(viewer, 'like', locked.subject);
  authorizeRelation(viewer, locked.subject.authorId, locked.relation, TEXTS.like.notFound);

  const now = new Date();
  // A toggle tries the like first: the insert finds the row there (and adds nothing) or adds it.
  const added = liked === false ? false : await insertLike(sequelize, reportId, viewer.id, now, transaction);
  const removed = liked === true || added ? false : await deleteLike(sequelize, reportId, viewer.id, transaction);
  const nowLiked = added || (liked === true && !removed);

  let likeCount = locked.likeCount;
  if (added || removed) {
    likeCount = Math.max(0, likeCount + (added ? 1 : -1));
    // updated_at stays: a like is not an edit by the author.
    await adjustLikeCount(sequelize, reportId, added ? 1 : -1, { transaction });
    if (added) {
      await recordLikeLevel(sequelize, reportId, likeCount, now, { transaction });
      // The author is told after the commit, like every other notification: nothing if this rolls back.
      await notify(models, { kind: 'like', reportId, likerId: viewer.id }, { transaction });
    }
    // The like count is part of the search document (sort by likes).
    await enqueueReportSearchSync(models, [reportId], 'upsert', { transaction });
  }
  return { liked: nowLiked, likeCount };
}

/** Adds the member's like unless it is there: true when a row was added. */
async function insertLike(sequelize: Sequelize, reportId: number, userId: number, at: Date, transaction: Transaction): Promise<boolean> {
  const ignore = sequelize.getDialect() === 'sqlite' ? 'OR IGNORE' : 'IGNORE';
  const result = await sequelize.query(`INSERT ${ignore} INTO likes (report_id, user_id, created_at) VALUES (?, ?, ?)`, {
    replacements: [reportId, userId, sqlDateTime(sequelize, at)],
    // UPDATE: both dialects then answer the rows changed.
    type: QueryTypes.UPDATE,
    transaction,
  });
  return affectedRows(result) > 0;
}

/** Removes the member's like: true when there was one. */
async function deleteLike(sequelize: Sequelize, reportId: number, userId: number, transaction: Transaction): Promise<boolean> {
  const result = await sequelize.query('DELETE FROM likes WHERE report_id = ? AND user_id = ?', { replacements: [reportId, userId], type: QueryTypes.UPDATE, transaction });
  return affectedRows(result) > 0;
}
