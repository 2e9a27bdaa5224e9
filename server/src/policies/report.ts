import { TEXTS, type ReportAbilities } from '@hiraku/shared';
import { AppError, authorizationError, notFound } from '../errors';
import { canSeeReport, isReportPublished, type ReportFacts } from '../visibility';
import type { Viewer } from './viewer';

export type ReportAction = 'read' | 'update' | 'delete' | 'like' | 'comment';

/**
 * Who sees a report is the visibility module's rule; this adds who may act on it: only the author edits
 * or deletes, and only a listed report takes likes and comments.
 */
export function reportAbilities(viewer: Viewer, report: ReportFacts): ReportAbilities & { read: boolean } {
  const isAuthor = viewer !== null && viewer.id === report.authorId;
  // A フォロワーのみ report takes likes and comments from those who may read it.
  const read = canSeeReport(viewer, report);
  const open = viewer !== null && isReportPublished(report) && read;
  return { read, update: isAuthor, delete: isAuthor, like: open && !isAuthor, comment: open };
}

/**
 * Throws unless `viewer` may do `action`. A report the viewer may not read answers 404, so a draft's
 * existence does not leak; a readable one answers 403 (or the like/comment refusal).
 */
export function authorizeReport(viewer: Viewer, action: ReportAction, report: ReportFacts): void {
  const can = reportAbilities(viewer, report);
  if (!can.read) throw notFound(TEXTS.report.notFound);
  if (can[action]) return;
  switch (action) {
    case 'update':
    case 'delete':
      throw authorizationError(TEXTS.report.notAuthor);
    case 'like':
      if (viewer !== null && viewer.id === report.authorId && isReportPublished(report)) {
        throw new AppError(400, 'validation_error', TEXTS.like.ownReport);
      }
      throw notFound(TEXTS.like.notFound);
    default:
      throw notFound(TEXTS.report.notFound);
  }
}
