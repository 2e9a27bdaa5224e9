import {
  cut,
  REPORT_LIST_DESCRIPTION_MAX,
  type MyReportListItem,
  type ReportDetail,
  type ReportListItem,
  type TagRef,
} from '@hiraku/shared';
import type { Report, ReportTagKind, Tag } from '../models';
import { reportAbilities } from '../policies/report';
import type { Viewer } from '../policies/viewer';
import type { Storage } from '../storage/storage';
import { presentAuthor, type AuthorSource } from './author';
import { reportFacts } from '../visibility';

type ReportCardSource = Pick<Report, 'id' | 'title' | 'description' | 'thumbnailKey' | 'likeCount' | 'createdAt'> & { author?: AuthorSource };

const tagRef = (tag: Tag | null | undefined): TagRef | null => (tag ? { _id: tag.id, name: tag.name } : null);

function linkedTags(report: Report, kind: ReportTagKind): TagRef[] {
  return (report.reportTags ?? [])
    .filter((link) => link.kind === kind && link.tag)
    .sort((a, b) => a.position - b.position)
    .map((link) => ({ _id: link.tagId, name: link.tag?.name ?? '' }));
}

/**
 * The full report of GET /api/reports/:id. Expects the includes of `REPORT_DETAIL_INCLUDE`
 * (commands/reportLoader.ts); `abilities` tell the UI which buttons will work for `viewer`.
 */
export function presentReport(report: Report, { viewer, storage }: { viewer: Viewer; storage: Pick<Storage, 'url'> }): ReportDetail {
  const { read: _read, ...abilities } = reportAbilities(viewer, reportFacts(report));
  return {
    _id: report.id,
    title: report.title,
    description: report.description ?? '',
    tips: report.tips ?? '',
    duration: report.duration ?? '',
    gender: tagRef(report.gender),
    sexualOrientation: tagRef(report.sexualOrientation),
    role: tagRef(report.role),
    playCategories: linkedTags(report, 'playCategory'),
    playContents: linkedTags(report, 'playContent'),
    tools: [...(report.tools ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((tool) => ({ name: tool.name, quantity: tool.quantity ?? '' })),
    play: [...(report.steps ?? [])]
      .sort((a, b) => a.stepNumber - b.stepNumber || a.id - b.id)
      .map((step) => ({ stepNumber: step.stepNumber, action: step.action })),
    isDraft: report.isDraft,
    isHidden: report.hiddenAt !== null,
    mainImageUrl: report.mainImageKey ? storage.url(report.mainImageKey) : null,
    thumbnailUrl: report.thumbnailKey ? storage.url(report.thumbnailKey) : null,
    likeCount: report.likeCount,
    commentCount: report.commentCount,
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    publishedAt: report.publishedAt ? report.publishedAt.toISOString() : null,
    authorData: presentAuthor(report.author, storage),
    abilities,
  };
}

/** A card of the list pages: a ReportCard (commands/reportCards.ts), or a Report with its author and profile. */
export function presentReportListItem(report: ReportCardSource, storage: Pick<Storage, 'url'>): ReportListItem {
  return {
    _id: report.id,
    title: report.title,
    description: cut(report.description ?? '', REPORT_LIST_DESCRIPTION_MAX),
    thumbnailUrl: report.thumbnailKey ? storage.url(report.thumbnailKey) : null,
    likeCount: report.likeCount,
    createdAt: report.createdAt.toISOString(),
    authorData: presentAuthor(report.author, storage),
  };
}

/** One of the viewer's own reports on the dashboard: also its status. */
export function presentMyReport(report: Report, storage: Pick<Storage, 'url'>): MyReportListItem {
  return {
    ...presentReportListItem(report, storage),
    isDraft: report.isDraft,
    isHidden: report.hiddenAt !== null,
    commentCount: report.commentCount,
    updatedAt: report.updatedAt.toISOString(),
  };
}
