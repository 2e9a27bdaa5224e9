import { z } from 'zod';
import { tagRefSchema } from './taxonomy';
import { CONTENT_WARNING_KEYS } from '../contentWarnings';
import { REPORT_AUDIENCES } from '../limits';

/**
 * Response shapes of /api/reports and /api/likes. Dates are ISO 8601 strings in UTC. Each type is the
 * output of its schema, which the endpoint map checks answers against.
 */

const isoDate = z.string();

/** Who wrote a report, as cards and the detail page show it. */
export const authorDataSchema = z.object({
  /** Null only if the author has no profile any more: show COMMON_TEXTS.unknownAuthor. */
  username: z.string().nullable(),
  /** Null when the author has no icon: show the default icon. */
  iconUrl: z.string().nullable(),
  publicId: z.string(),
});
export type AuthorData = z.output<typeof authorDataSchema>;

/** What the viewer may do with a report, so the UI shows only buttons that will work. */
export const reportAbilitiesSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  /** Signed in, not the author, and the report is published and visible. */
  like: z.boolean(),
  comment: z.boolean(),
});
export type ReportAbilities = z.output<typeof reportAbilitiesSchema>;

export const reportToolItemSchema = z.object({
  name: z.string(),
  /** Quantity or features; '' when none was given. */
  quantity: z.string(),
});
export type ReportToolItem = z.output<typeof reportToolItemSchema>;

export const reportStepItemSchema = z.object({
  /** 1..n without gaps. */
  stepNumber: z.number().int(),
  action: z.string(),
});
export type ReportStepItem = z.output<typeof reportStepItemSchema>;

/**
 * How the viewer gets a report's main image, decided on the server (server/src/visibility/
 * sensitiveImages.ts). 'full': the image's addresses are in `mainImageUrl`/`thumbnailUrl`. 'blur': they
 * are null and `previewUrl` is a small, strongly blurred copy; GET /api/reports/:id/image gives the
 * full addresses when the member taps 表示する. 'hidden': neither address nor preview (the member chose
 * 表示しない, or a visitor). Null on reports without an image.
 */
export const REPORT_IMAGE_DISPLAYS = ['full', 'blur', 'hidden'] as const;
export type ReportImageDisplay = (typeof REPORT_IMAGE_DISPLAYS)[number];
export const reportImageSchema = z.object({
  /** Labelled センシティブな画像; the author and operators see their label too. */
  sensitive: z.boolean(),
  /** An operator locked the label: the author cannot remove it. */
  locked: z.boolean(),
  display: z.enum(REPORT_IMAGE_DISPLAYS),
  /** Set only with display 'blur' (null while a preview is not made yet: show the placeholder). */
  previewUrl: z.string().nullable(),
});
export type ReportImage = z.output<typeof reportImageSchema>;

/**
 * A report's content warnings, the same for every viewer: the UI covers the report with those
 * the member set to 警告してから表示 (coveringContentWarnings); those on 表示しない never reach their lists.
 */
const warningFields = {
  warnings: z.array(z.enum(CONTENT_WARNING_KEYS)),
  /** The author's words for その他; null without it. */
  warningOther: z.string().nullable(),
};

/** GET /api/reports/:id/image: the full addresses, asked for when the member taps 表示する. */
export const reportImageUrlsSchema = z.object({ mainImageUrl: z.string().nullable(), thumbnailUrl: z.string().nullable() });
export type ReportImageUrls = z.output<typeof reportImageUrlsSchema>;

/** GET /api/reports/:id, and the `report` of the create and update answers. */
export const reportDetailSchema = z.object({
  _id: z.number().int(),
  title: z.string(),
  /** Feelings (感想); '' when none. */
  description: z.string(),
  tips: z.string(),
  duration: z.string(),
  gender: tagRefSchema.nullable(),
  sexualOrientation: tagRefSchema.nullable(),
  role: tagRefSchema.nullable(),
  playCategories: z.array(tagRefSchema),
  playContents: z.array(tagRefSchema),
  tools: z.array(reportToolItemSchema),
  play: z.array(reportStepItemSchema),
  isDraft: z.boolean(),
  /** Hidden by an operator: only its author and operators still see it. */
  isHidden: z.boolean(),
  /** 全会員 or フォロワーのみ. */
  audience: z.enum(REPORT_AUDIENCES),
  /** Null when there is no image or the viewer does not get it in full (see `image`). */
  mainImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  image: reportImageSchema.nullable(),
  ...warningFields,
  /** An operator locked the warnings: the author cannot change them. */
  warningsLocked: z.boolean(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** When it was last published; null while a draft. */
  publishedAt: isoDate.nullable(),
  authorData: authorDataSchema,
  abilities: reportAbilitiesSchema,
});
export type ReportDetail = z.output<typeof reportDetailSchema>;

/** POST /api/reports (201), PUT /api/reports/:id (200). */
export const reportMutationResponseSchema = z.object({ message: z.string(), report: reportDetailSchema });
export type ReportMutationResponse = z.output<typeof reportMutationResponseSchema>;

/** DELETE /api/reports/:id */
export const reportDeleteResponseSchema = z.object({ message: z.string() });
export type ReportDeleteResponse = z.output<typeof reportDeleteResponseSchema>;

/** A card of the report list (/reports, /profile/{publicId}). */
export const reportListItemSchema = z.object({
  _id: z.number().int(),
  title: z.string(),
  /** The start of the feelings (at most REPORT_LIST_DESCRIPTION_MAX characters); the UI cuts it further. */
  description: z.string(),
  /** Null when there is no image or the viewer does not get it in full (see `image`). */
  thumbnailUrl: z.string().nullable(),
  image: reportImageSchema.nullable(),
  ...warningFields,
  likeCount: z.number().int(),
  createdAt: isoDate,
  authorData: authorDataSchema,
});
export type ReportListItem = z.output<typeof reportListItemSchema>;

/** GET /api/reports/my-reports: one of the viewer's own reports, drafts included (the dashboard). */
export const myReportListItemSchema = reportListItemSchema.extend({
  isDraft: z.boolean(),
  isHidden: z.boolean(),
  commentCount: z.number().int(),
  updatedAt: isoDate,
});
export type MyReportListItem = z.output<typeof myReportListItemSchema>;

/**
 * GET /api/reports/infinite. Pass `nextKey` back as `lastKey`; stop when `hasMore` is false. Merge pages
 * by `_id`: with sort=like a report whose likes moved it across the page boundary is sent again rather
 * than skipped (see server/src/commands/reportFeedLoader.ts).
 */
export const reportPageSchema = z.object({
  data: z.array(reportListItemSchema),
  nextKey: z.string().nullable(),
  hasMore: z.boolean(),
});
export type ReportPage = z.output<typeof reportPageSchema>;

/** GET /api/likes/:reportId */
export const likeInfoSchema = z.object({
  likeCount: z.number().int(),
  /** False when not signed in. */
  isLiked: z.boolean(),
});
export type LikeInfo = z.output<typeof likeInfoSchema>;

/** POST /api/likes/:reportId/toggle */
export const likeToggleResponseSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeToggleResponse = z.output<typeof likeToggleResponseSchema>;

/** GET /api/likes/report-counts: report id (as an object key) to its like count, listed reports only. */
export const reportLikeCountsSchema = z.record(z.string(), z.number().int());
export type ReportLikeCounts = z.output<typeof reportLikeCountsSchema>;
