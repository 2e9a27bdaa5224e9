import {
  contentWarningKeys,
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
import { audienceOf, presentReportImage, reportFacts, type ImageViewer } from '../visibility';

type ReportCardSource = Pick<
  Report,
  'id' | 'authorId' | 'title' | 'description' | 'thumbnailKey' | 'imageSensitive' | 'imageSensitiveLocked' | 'imagePreviewKey' | 'warningMask' | 'warningOther' | 'likeCount' | 'createdAt'
> & { author?: AuthorSource };

/** A report's content warnings as every answer carries them. */
const presentWarnings = (report: Pick<Report, 'warningMask' | 'warningOther'>) => ({
  warnings: contentWarningKeys(report.warningMask),
  warningOther: report.warningOther,
});

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
export function presentReport(report: Report, { viewer, storage }: { viewer: Viewer & ImageViewer; storage: Pick<Storage, 'url'> }): ReportDetail {
  const { read: _read, ...abilities } = reportAbilities(viewer, reportFacts(report));
  const image = presentReportImage(viewer, report, (key) => storage.url(key));
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
    audience: audienceOf(report.audience),
    mainImageUrl: image.mainImageUrl,
    thumbnailUrl: image.thumbnailUrl,
    image: image.image,
    ...presentWarnings(report),
    warningsLocked: report.warningsLocked,
    likeCount: report.likeCount,
    commentCount: report.commentCount,
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    publishedAt: report.publishedAt ? report.publishedAt.toISOString() : null,
    authorData: presentAuthor(report.author, storage),
    abilities,
  };
}

/**
 * A card of the list pages, as `viewer` may see it: a ReportCard (commands/reportCards.ts), or a Report
 * with its author and profile.
 */
export function presentReportListItem(report: ReportCardSource, { viewer, storage }: { viewer: ImageViewer; storage: Pick<Storage, 'url'> }): ReportListItem {
  // Field by field: a Sequelize instance keeps its values behind getters, which a spread would drop.
  const image = presentReportImage(
    viewer,
    {
      authorId: report.authorId,
      thumbnailKey: report.thumbnailKey,
      imageSensitive: report.imageSensitive,
      imageSensitiveLocked: report.imageSensitiveLocked,
      imagePreviewKey: report.imagePreviewKey,
    },
    (key) => storage.url(key),
  );
  return {
    _id: report.id,
    title: report.title,
    description: cut(report.description ?? '', REPORT_LIST_DESCRIPTION_MAX),
    thumbnailUrl: image.thumbnailUrl,
    image: image.image,
    ...presentWarnings(report),
    likeCount: report.likeCount,
    createdAt: report.createdAt.toISOString(),
    authorData: presentAuthor(report.author, storage),
  };
}

/** One of the viewer's own reports on the dashboard: also its status. */
export function presentMyReport(report: Report, { viewer, storage }: { viewer: ImageViewer; storage: Pick<Storage, 'url'> }): MyReportListItem {
  return {
    ...presentReportListItem(report, { viewer, storage }),
    isDraft: report.isDraft,
    isHidden: report.hiddenAt !== null,
    commentCount: report.commentCount,
    updatedAt: report.updatedAt.toISOString(),
  };
}
