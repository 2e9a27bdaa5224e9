import { TEXTS, type LikeToggleResponse } from '@hiraku/shared';
import type { Sequelize, Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Models } from '../models';
import { authorizeReport } from '../policies/report';
import { authorizeBetween } from '../policies/relations';
import type { Viewer } from '../policies/viewer';
import { lockReport } from './reportLoader';
import { enqueueReportSearchSync } from './searchOutbox';
import { recountReports } from '../visibility';
import { notify } from '../notifications';

type LikeModels = Pick<Models, 'Report' | 'User' | 'Like' | 'SearchOutboxEntry' | 'NotificationOutboxEntry'>;

/**
 * Likes or unlikes a report for `viewer`: flips the current state, or sets `liked` when the client says
 * which state it wants (so a repeated request changes nothing). The report row is locked first, so
 * concurrent toggles of one report run one after another, and like_count is recomputed from the rows:
 * it always equals the likes that count (visibility/counters.ts) whatever happened before.
 */
export async function toggleLike(
  deps: { models: LikeModels; sequelize: Sequelize },
  { viewer, reportId, liked }: { viewer: NonNullable<Viewer>; reportId: number; liked?: boolean },
  { transaction }: { transaction: Transaction },
): Promise<LikeToggleResponse> {
  const { models } = deps;
  const locked = await lockReport(models, reportId, transaction);
  if (!locked) throw notFound(TEXTS.like.notFound);
  authorizeReport(viewer, 'like', locked.subject);
  await authorizeBetween(deps.sequelize, viewer, locked.subject.authorId, TEXTS.like.notFound, { transaction });

  const where = { reportId, userId: viewer.id };
  let nowLiked: boolean;
  let changed: boolean;
  if (liked === false || liked === undefined) {
    const removed = await models.Like.destroy({ where, transaction });
    nowLiked = liked === undefined && removed === 0;
    changed = removed > 0;
  } else {
    nowLiked = true;
    changed = false;
  }
  if (nowLiked) {
    // Every like write holds the report's lock (lockReport), so no other transaction can add this row
    // meanwhile: after a delete that found nothing there is nothing to look for.
    const existing = liked === undefined ? null : await models.Like.findOne({ where, transaction, attributes: ['reportId'] });
    if (!existing) {
      await models.Like.create(where, { transaction });
      changed = true;
      // One row; the author's notification is made after the commit (notifications/fanOut.ts).
      await notify(models, { kind: 'like', reportId, likerId: viewer.id }, { transaction });
    }
  }

  if (changed) {
    // updated_at stays: a like is not an edit by the author.
    await recountReports(deps.sequelize, [reportId], { transaction });
    // The like count is part of the search document (sort by likes).
    await enqueueReportSearchSync(models, [reportId], 'upsert', { transaction });
  }
  const fresh = await models.Report.findByPk(reportId, { attributes: ['likeCount'], transaction });
  return { liked: nowLiked, likeCount: fresh?.likeCount ?? 0 };
}
