import type { TagRef } from './taxonomy';

/** Response shapes of /api/reports and /api/likes. Dates are ISO 8601 strings in UTC. */

/** Who wrote a report, as cards and the detail page show it. */
export interface AuthorData {
  /** Null only if the author has no profile any more: show COMMON_TEXTS.unknownAuthor. */
  username: string | null;
  /** Null when the author has no icon: show the default icon. */
  iconUrl: string | null;
  publicId: string;
}

/** What the viewer may do with a report, so the UI shows only buttons that will work. */
export interface ReportAbilities {
  update: boolean;
  delete: boolean;
  /** Signed in, not the author, and the report is published and visible. */
  like: boolean;
  comment: boolean;
}

export interface ReportToolItem {
  name: string;
  /** Quantity or features; '' when none was given. */
  quantity: string;
}

export interface ReportStepItem {
  /** 1..n without gaps. */
  stepNumber: number;
  action: string;
}

/** GET /api/reports/:id, and the `report` of the create and update answers. */
export interface ReportDetail {
  _id: number;
  title: string;
  /** Feelings (感想); '' when none. */
  description: string;
  tips: string;
  duration: string;
  gender: TagRef | null;
  sexualOrientation: TagRef | null;
  role: TagRef | null;
  playCategories: TagRef[];
  playContents: TagRef[];
  tools: ReportToolItem[];
  play: ReportStepItem[];
  isDraft: boolean;
  /** Hidden by an operator: only its author and operators still see it. */
  isHidden: boolean;
  mainImageUrl: string | null;
  thumbnailUrl: string | null;
  likeCount: number;
  commentCount: number;
  createdAt: string;
  updatedAt: string;
  /** When it was last published; null while a draft. */
  publishedAt: string | null;
  authorData: AuthorData;
  abilities: ReportAbilities;
}

/** POST /api/reports (201), PUT /api/reports/:id (200). */
export interface ReportMutationResponse {
  message: string;
  report: ReportDetail;
}

/** DELETE /api/reports/:id */
export interface ReportDeleteResponse {
  message: string;
}

/** A card of the report list (/reports, /profile/{publicId}). */
export interface ReportListItem {
  _id: number;
  title: string;
  /** The start of the feelings (at most REPORT_LIST_DESCRIPTION_MAX characters); the UI cuts it further. */
  description: string;
  thumbnailUrl: string | null;
  likeCount: number;
  createdAt: string;
  authorData: AuthorData;
}

/** GET /api/reports/my-reports: one of the viewer's own reports, drafts included (the dashboard). */
export interface MyReportListItem extends ReportListItem {
  isDraft: boolean;
  isHidden: boolean;
  commentCount: number;
  updatedAt: string;
}

/** How many characters of the feelings a list item carries. */
export const REPORT_LIST_DESCRIPTION_MAX = 100;

/**
 * GET /api/reports/infinite. Pass `nextKey` back as `lastKey`; stop when `hasMore` is false. Merge pages
 * by `_id`: with sort=like a report whose likes moved it across the page boundary is sent again rather
 * than skipped (see server/src/commands/reportFeedLoader.ts).
 */
export interface ReportPage {
  data: ReportListItem[];
  nextKey: string | null;
  hasMore: boolean;
}

/** GET /api/likes/:reportId */
export interface LikeInfo {
  likeCount: number;
  /** False when not signed in. */
  isLiked: boolean;
}

/** POST /api/likes/:reportId/toggle */
export interface LikeToggleResponse {
  liked: boolean;
  likeCount: number;
}

/** GET /api/likes/report-counts: report id (as an object key) to its like count, listed reports only. */
export type ReportLikeCounts = Record<string, number>;
