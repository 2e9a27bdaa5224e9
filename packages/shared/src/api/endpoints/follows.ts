import { z } from 'zod';
import { COMMON_TEXTS } from '../../texts/common';
import { FOLLOW_MESSAGES } from '../../texts/follow/messages';
import { endpoint } from './define';
import { idParam } from './params';
import { profileLookupSchema } from './profile';

/*
 * Follows: members, tags and categories, each member's own. Every call is about the caller:
 * nothing here names whom another member follows, and a followed member learns only their count and,
 * in 設定, the list of their followers.
 */

export const FOLLOW_KINDS = ['member', 'tag', 'category'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];
/** `pending`: a request to a member with フォロー承認制 on, not yet answered. */
export const FOLLOW_STATES = ['approved', 'pending'] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

const member = { params: profileLookupSchema, notFoundMessage: FOLLOW_MESSAGES.memberNotFound } as const;
const tag = { params: z.object({ id: idParam }), notFoundMessage: FOLLOW_MESSAGES.tagNotFound } as const;
const category = { params: z.object({ id: idParam }), notFoundMessage: FOLLOW_MESSAGES.categoryNotFound } as const;

export const followChangeSchema = z.object({ message: z.string(), state: z.enum([...FOLLOW_STATES, 'none']) });
export type FollowChange = z.output<typeof followChangeSchema>;

/** One thing the caller follows: a member (by public id and name), a tag or a category (by id and name). */
export const followItemSchema = z.object({
  kind: z.enum(FOLLOW_KINDS),
  /** The member's public id, or the tag's or category's id as text. */
  key: z.string(),
  name: z.string().nullable(),
  state: z.enum(FOLLOW_STATES),
  createdAt: z.string(),
});
export const followListSchema = z.object({ items: z.array(followItemSchema), page: z.number().int(), hasMore: z.boolean(), total: z.number().int() });
export type FollowItem = z.output<typeof followItemSchema>;
export type FollowList = z.output<typeof followListSchema>;

/** A member who follows (or asks to follow) the caller, as 設定 lists them. */
export const followerSchema = z.object({ publicId: z.string(), username: z.string().nullable(), createdAt: z.string() });
export const followerListSchema = z.object({ members: z.array(followerSchema), page: z.number().int(), hasMore: z.boolean() });
export type FollowerList = z.output<typeof followerListSchema>;

export const followSettingsSchema = z.object({ approval: z.boolean(), followerCount: z.number().int(), requestCount: z.number().int() });
export type FollowSettings = z.output<typeof followSettingsSchema>;
export const followSettingsInputSchema = z.object({ approval: z.boolean({ error: COMMON_TEXTS.invalidInput }) }, { error: COMMON_TEXTS.invalidInput });
export const followSettingsSavedSchema = followSettingsSchema.extend({ message: z.string() });

/**
 * The members the caller follows or asks to follow, every one (at most FOLLOW_LIMITS.followsMax): read
 * once for the follow buttons of a list's cards, rather than a call per author.
 */
export const followedMembersSchema = z.object({ members: z.array(z.object({ publicId: z.string(), state: z.enum(FOLLOW_STATES) })) });
export type FollowedMembers = z.output<typeof followedMembersSchema>;

/**
 * The tags and categories the caller follows, every one (at most FOLLOW_LIMITS.followsMax): read once for
 * the follow buttons of a report's tags and categories, rather than a call per tag.
 */
export const followedTopicsSchema = z.object({ tags: z.array(z.number().int()), categories: z.array(z.number().int()) });
export type FollowedTopics = z.output<typeof followedTopicsSchema>;

/** Where the caller stands with one member, tag or category: for the follow button. */
export const followStateSchema = z.object({ state: z.enum([...FOLLOW_STATES, 'none']) });

const pageQuery = z.object({
  page: z.coerce.number({ error: COMMON_TEXTS.invalidInput }).int(COMMON_TEXTS.invalidInput).min(1, COMMON_TEXTS.invalidInput).max(1_000, COMMON_TEXTS.invalidInput).default(1),
});
export const followListQuerySchema = pageQuery.extend({ kind: z.enum(FOLLOW_KINDS, { error: COMMON_TEXTS.invalidInput }).optional() });

const write = { access: 'member', cache: 'private', rateLimit: 'follow' } as const;

export const FOLLOW_ENDPOINTS = {
  'follows.list': endpoint('follows.list', { access: 'member', query: followListQuerySchema, response: followListSchema, cache: 'private', errors: [] }),
  'follows.memberIds': endpoint('follows.memberIds', { access: 'member', response: followedMembersSchema, cache: 'private', errors: [] }),
  'follows.topicIds': endpoint('follows.topicIds', { access: 'member', response: followedTopicsSchema, cache: 'private', errors: [] }),
  'follows.memberState': endpoint('follows.memberState', { access: 'member', ...member, response: followStateSchema, cache: 'private', errors: [] }),
  'follows.followMember': endpoint('follows.followMember', { ...write, ...member, response: followChangeSchema, errors: ['validation_error', 'conflict', 'rate_limited'] }),
  'follows.unfollowMember': endpoint('follows.unfollowMember', { ...write, ...member, response: followChangeSchema, errors: [] }),
  'follows.followTag': endpoint('follows.followTag', { ...write, ...tag, response: followChangeSchema, errors: ['conflict', 'rate_limited'] }),
  'follows.unfollowTag': endpoint('follows.unfollowTag', { ...write, ...tag, response: followChangeSchema, errors: [] }),
  'follows.followCategory': endpoint('follows.followCategory', { ...write, ...category, response: followChangeSchema, errors: ['conflict', 'rate_limited'] }),
  'follows.unfollowCategory': endpoint('follows.unfollowCategory', { ...write, ...category, response: followChangeSchema, errors: [] }),
  'follows.settings': endpoint('follows.settings', { access: 'member', response: followSettingsSchema, cache: 'private', errors: [] }),
  'follows.updateSettings': endpoint('follows.updateSettings', { ...write, body: followSettingsInputSchema, response: followSettingsSavedSchema, errors: [] }),
  'follows.requests': endpoint('follows.requests', { access: 'member', query: pageQuery, response: followerListSchema, cache: 'private', errors: [] }),
  'follows.approve': endpoint('follows.approve', {
    ...write,
    params: profileLookupSchema,
    notFoundMessage: FOLLOW_MESSAGES.requestNotFound,
    response: followChangeSchema,
    errors: [],
  }),
  'follows.decline': endpoint('follows.decline', {
    ...write,
    params: profileLookupSchema,
    notFoundMessage: FOLLOW_MESSAGES.requestNotFound,
    response: followChangeSchema,
    errors: [],
  }),
  'follows.followers': endpoint('follows.followers', { access: 'member', query: pageQuery, response: followerListSchema, cache: 'private', errors: [] }),
};
