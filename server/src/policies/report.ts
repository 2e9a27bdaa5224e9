import { COMMUNITY_MESSAGES, MESSAGES, type ReportAbilities } from '@hiraku/shared';
import { AppError, authorizationError, notFound } from '../errors';
import { isOperator, type Viewer } from './viewer';

/** The facts about a report that decide who may do what with it. */
export interface ReportSubject {
  authorId: number;
  isDraft: boolean;
  hiddenAt: Date | null;
  authorSuspended: boolean;
}

export type ReportAction = 'read' | 'update' | 'delete' | 'like' | 'comment';

/** Published, not hidden, author not suspended: what everyone may see (the `listed` column). */
export const isReportPublic = (report: ReportSubject): boolean => !report.isDraft && report.hiddenAt === null && !report.authorSuspended;

/**
 * DECISIONS.md: a draft is its author's alone (operators included out); hidden content, and the content
 * of a suspended member, stays visible to its author and operators only; only the author edits or deletes.
 */
export function reportAbilities(viewer: Viewer, report: ReportSubject): ReportAbilities & { read: boolean } {
  const isAuthor = viewer !== null && viewer.id === report.authorId;
  const read = isAuthor || (!report.isDraft && (isReportPublic(report) || isOperator(viewer)));
  const open = viewer !== null && isReportPublic(report);
  return { read, update: isAuthor, delete: isAuthor, like: open && !isAuthor, comment: open };
}

/**
 * Throws unless `viewer` may do `action`. A report the viewer may not read answers 404, so a draft's
 * existence does not leak; a readable one answers 403 (or the like/comment refusal).
 */
export function authorizeReport(viewer: Viewer, action: ReportAction, report: ReportSubject): void {
  const can = reportAbilities(viewer, report);
  if (!can.read) throw notFound(MESSAGES.report.notFound);
  if (can[action]) return;
  switch (action) {
    case 'update':
    case 'delete':
      throw authorizationError(MESSAGES.report.notAuthor);
    case 'like':
      if (viewer !== null && viewer.id === report.authorId && isReportPublic(report)) {
        throw new AppError(400, 'validation_error', MESSAGES.like.ownReport);
      }
      throw notFound(COMMUNITY_MESSAGES.like.notFound);
    default:
      throw notFound(MESSAGES.report.notFound);
  }
}
