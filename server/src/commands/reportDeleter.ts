import { TEXTS } from '@hiraku/shared';
import type { Transaction } from 'sequelize';
import { notFound } from '../errors';
import type { Models, Report } from '../models';
import { authorizeReport } from '../policies/report';
import type { Viewer } from '../policies/viewer';
import type { ReportWriteResult } from './reportImages';
import { lockReport } from './reportLoader';
import { enqueueReportSearchSync } from './searchOutbox';

/**
 * Deletes the author's report; its tools, steps, tags, likes and comments go with it (foreign keys
 * cascade). Its search document is queued for removal; its images go after the commit.
 */
export async function deleteReport(
  models: Pick<Models, 'Report' | 'User' | 'SearchOutboxEntry'>,
  { viewer, reportId }: { viewer: Viewer; reportId: number },
  { transaction }: { transaction: Transaction },
): Promise<ReportWriteResult> {
  const locked = await lockReport(models, reportId, transaction);
  if (!locked) throw notFound(TEXTS.report.notFound);
  const { report, subject } = locked;
  authorizeReport(viewer, 'delete', subject);
  return destroyReport(models, report, { transaction });
}

/**
 * Removes a locked report's row (what hangs on it cascades) and queues its search document for removal;
 * answers its image files, for the caller to remove after the commit. Its author's deletion and an
 * operator's 削除 (moderation/contentRemover.ts) both end here.
 */
export async function destroyReport(
  models: Pick<Models, 'Report' | 'SearchOutboxEntry'>,
  report: Pick<Report, 'id' | 'mainImageKey' | 'thumbnailKey' | 'imagePreviewKey'>,
  { transaction }: { transaction: Transaction },
): Promise<ReportWriteResult> {
  const obsoleteImageKeys = [report.mainImageKey, report.thumbnailKey, report.imagePreviewKey].filter((key): key is string => Boolean(key));
  await models.Report.destroy({ where: { id: report.id }, transaction });
  await enqueueReportSearchSync(models, [report.id], 'delete', { transaction });
  return { obsoleteImageKeys };
}
