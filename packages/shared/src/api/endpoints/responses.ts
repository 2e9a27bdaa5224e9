import { z } from 'zod';
import { CATEGORY_KEYS } from '../../taxonomy';
import type { AccountExport } from '../accountExport';
import type { LoginResponse, MessageResponse, SessionUser } from '../auth';
import type { CommentItem } from '../comments';
import type { DashboardStats, ProfileCheckResponse, ProfileSavedResponse, PublicProfile } from '../profile';
import type {
  AuthorData,
  LikeInfo,
  LikeToggleResponse,
  MyReportListItem,
  ReportDetail,
  ReportLikeCounts,
  ReportListItem,
  ReportMutationResponse,
  ReportPage,
} from '../reports';
import type { PopularKeywordsResponse, ReportSearchResponse } from '../search';
import type {
  CategoryItem,
  CategoryMutationResponse,
  TagItem,
  TagMutationResponse,
  TagName,
  TagPopularityResponse,
  TagRef,
} from '../taxonomy';

/**
 * Runtime forms of the response interfaces of ../*.ts, for checking answers in development and tests.
 * Each is annotated with its interface, so a field added to the interface and not here fails typecheck.
 */

const isoDate = z.string();

export const messageResponseSchema: z.ZodType<MessageResponse> = z.object({ message: z.string() });

export const sessionUserSchema: z.ZodType<SessionUser> = z.object({
  publicId: z.string(),
  tutorial: z.boolean(),
  role: z.enum(['member', 'operator']),
});

export const loginResponseSchema: z.ZodType<LoginResponse> = z.object({
  publicId: z.string(),
  tutorial: z.boolean(),
  role: z.enum(['member', 'operator']),
  message: z.string(),
});

export const tagRefSchema: z.ZodType<TagRef> = z.object({ _id: z.number().int(), name: z.string() });

const authorDataSchema: z.ZodType<AuthorData> = z.object({
  username: z.string().nullable(),
  iconUrl: z.string().nullable(),
  publicId: z.string(),
});

const reportListItemShape = {
  _id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  likeCount: z.number().int(),
  createdAt: isoDate,
  authorData: authorDataSchema,
};

export const reportListItemSchema: z.ZodType<ReportListItem> = z.object(reportListItemShape);

export const myReportListItemSchema: z.ZodType<MyReportListItem> = z.object({
  ...reportListItemShape,
  isDraft: z.boolean(),
  isHidden: z.boolean(),
  commentCount: z.number().int(),
  updatedAt: isoDate,
});

export const reportDetailSchema: z.ZodType<ReportDetail> = z.object({
  _id: z.number().int(),
  title: z.string(),
  description: z.string(),
  tips: z.string(),
  duration: z.string(),
  gender: tagRefSchema.nullable(),
  sexualOrientation: tagRefSchema.nullable(),
  role: tagRefSchema.nullable(),
  playCategories: z.array(tagRefSchema),
  playContents: z.array(tagRefSchema),
  tools: z.array(z.object({ name: z.string(), quantity: z.string() })),
  play: z.array(z.object({ stepNumber: z.number().int(), action: z.string() })),
  isDraft: z.boolean(),
  isHidden: z.boolean(),
  mainImageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  publishedAt: isoDate.nullable(),
  authorData: authorDataSchema,
  abilities: z.object({ update: z.boolean(), delete: z.boolean(), like: z.boolean(), comment: z.boolean() }),
});

export const reportMutationResponseSchema: z.ZodType<ReportMutationResponse> = z.object({ message: z.string(), report: reportDetailSchema });

export const reportPageSchema: z.ZodType<ReportPage> = z.object({
  data: z.array(reportListItemSchema),
  nextKey: z.string().nullable(),
  hasMore: z.boolean(),
});

export const reportSearchResponseSchema: z.ZodType<ReportSearchResponse> = z.object({
  reports: z.array(reportListItemSchema),
  total: z.number().int(),
  source: z.enum(['search', 'database']),
  notice: z.string().optional(),
});

export const popularKeywordsResponseSchema: z.ZodType<PopularKeywordsResponse> = z.object({ keywords: z.array(z.string()) });

export const likeInfoSchema: z.ZodType<LikeInfo> = z.object({ likeCount: z.number().int(), isLiked: z.boolean() });
export const likeToggleResponseSchema: z.ZodType<LikeToggleResponse> = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export const reportLikeCountsSchema: z.ZodType<ReportLikeCounts> = z.record(z.string(), z.number().int());

export const commentItemSchema: z.ZodType<CommentItem> = z.object({
  _id: z.number().int(),
  text: z.string(),
  publicId: z.string(),
  userProfile: z.object({ username: z.string(), icon: z.string().nullable() }).nullable(),
  createdAt: isoDate,
  isHidden: z.boolean(),
  abilities: z.object({ delete: z.boolean(), report: z.boolean() }),
});

const categoryKeySchema = z.enum(CATEGORY_KEYS).nullable();

export const categoryItemSchema: z.ZodType<CategoryItem> = z.object({
  _id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  order: z.number().int(),
  key: categoryKeySchema,
});

export const tagItemSchema: z.ZodType<TagItem> = z.object({
  _id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  category_id: z.object({ _id: z.number().int(), name: z.string(), key: categoryKeySchema }).nullable(),
  popularity: z.number(),
});

export const tagNameSchema: z.ZodType<TagName> = tagRefSchema;

export const tagMutationResponseSchema: z.ZodType<TagMutationResponse> = z.object({ message: z.string(), tag: tagItemSchema });
export const categoryMutationResponseSchema: z.ZodType<CategoryMutationResponse> = z.object({ message: z.string(), category: categoryItemSchema });
export const tagPopularityResponseSchema: z.ZodType<TagPopularityResponse> = z.object({
  message: z.string(),
  tags: z.array(z.object({ _id: z.number().int(), popularity: z.number() })),
});

const profileTagRefSchema = z.object({ _id: z.number().int(), name: z.string() }).nullable();

export const publicProfileSchema: z.ZodType<PublicProfile> = z.object({
  username: z.string(),
  publicId: z.string(),
  iconUrl: z.string().nullable(),
  gender: profileTagRefSchema,
  sexualOrientation: profileTagRefSchema,
  role: profileTagRefSchema,
  twitterId: z.string().nullable(),
});

export const profileCheckResponseSchema: z.ZodType<ProfileCheckResponse> = z.object({ hasProfile: z.boolean() });
export const profileSavedResponseSchema: z.ZodType<ProfileSavedResponse> = z.object({ message: z.string(), profile: publicProfileSchema });
export const dashboardStatsSchema: z.ZodType<DashboardStats> = z.object({ reportCount: z.number().int(), likesReceived: z.number().int() });

export const accountExportSchema: z.ZodType<AccountExport> = z.object({
  exportedAt: isoDate,
  account: z.object({
    email: z.string(),
    publicId: z.string(),
    role: z.enum(['member', 'operator']),
    emailVerifiedAt: isoDate.nullable(),
    adultAttestedAt: isoDate,
    createdAt: isoDate,
  }),
  profile: publicProfileSchema.nullable(),
  reports: z.array(reportDetailSchema),
  comments: z.array(z.object({ reportId: z.number().int(), text: z.string(), createdAt: isoDate })),
  likedReportIds: z.array(z.number().int()),
  searches: z.array(z.object({ query: z.string(), searchedAt: isoDate })),
  enquiries: z.array(
    z.object({ category: z.string(), name: z.string().nullable(), email: z.string().nullable(), content: z.string(), createdAt: isoDate }),
  ),
});

/** GET /api/health: 200 while the database answers, 503 (same shape) otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  search: z.enum(['ok', 'unreachable']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
