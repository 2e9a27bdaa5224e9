import type { DashboardStats } from '@hiraku/shared';
import type { Models } from '../../models';
import { countedLikerInclude } from '../../visibility';

/**
 * The two dashboard counters: every report the member wrote (drafts too, as "articles created"), and the
 * likes on their published ones, counted from the like rows rather than the cached per-report counters
 * (likes of suspended members do not count, as everywhere).
 */
export async function dashboardStats(models: Pick<Models, 'Report' | 'Like' | 'User'>, userId: number): Promise<DashboardStats> {
  const [reportCount, likesReceived] = await Promise.all([
    models.Report.count({ where: { authorId: userId } }),
    models.Like.count({
      include: [{ model: models.Report, as: 'report', attributes: [], where: { authorId: userId, isDraft: false }, required: true }, countedLikerInclude(models)],
    }),
  ]);
  return { reportCount, likesReceived };
}
