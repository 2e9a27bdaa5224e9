import { TEXTS } from '@hiraku/shared';
import {
  answerFollowRequest,
  followMember,
  followTopic,
  listFollowedMembers,
  listFollowedTopics,
  listFollowers,
  listFollows,
  loadFollowSettings,
  memberFollowState,
  saveFollowApproval,
  unfollowMember,
  unfollowTopic,
  type TopicKind,
} from '../../commands/follows';
import { writeTransaction } from '../../db/transaction';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

const t = TEXTS.follow;

/** Follows: every call is about the caller's own follows, requests and followers. */
export function followHandlers(services: AppServices): EndpointHandlers<KeysOf<'follows'>> {
  const { models, sequelize } = services;
  const write = <T>(work: Parameters<typeof writeTransaction<T>>[1]) => writeTransaction(sequelize, work);
  const topic = (kind: TopicKind) => ({
    follow: async ({ user, params }: { user: { id: number }; params: { id: number } }) => {
      await write((transaction) => followTopic(models, { viewerId: user.id, kind, id: params.id, now: new Date() }, { transaction }));
      return { message: t.followed, state: 'approved' as const };
    },
    unfollow: async ({ user, params }: { user: { id: number }; params: { id: number } }) => {
      await write((transaction) => unfollowTopic(models, { viewerId: user.id, kind, id: params.id }, { transaction }));
      return { message: t.unfollowed, state: 'none' as const };
    },
  });
  const tag = topic('tag');
  const category = topic('category');
  return {
    'follows.list': ({ user, query }) => listFollows(sequelize, { viewerId: user.id, kind: query.kind, page: query.page }),
    'follows.memberIds': ({ user }) => listFollowedMembers(sequelize, user.id),
    'follows.topicIds': ({ user }) => listFollowedTopics(sequelize, user.id),
    'follows.memberState': async ({ user, params }) => ({ state: await memberFollowState(models, { viewerId: user.id, publicId: params.publicId }) }),
    'follows.followMember': async ({ user, params }) => {
      const { state } = await write((transaction) => followMember(models, { viewerId: user.id, publicId: params.publicId, now: new Date() }, { transaction }));
      return { message: state === 'approved' ? t.followed : t.requested, state };
    },
    'follows.unfollowMember': async ({ user, params }) => {
      await write((transaction) => unfollowMember(models, { viewerId: user.id, publicId: params.publicId }, { transaction }));
      return { message: t.unfollowed, state: 'none' };
    },
    'follows.followTag': tag.follow,
    'follows.unfollowTag': tag.unfollow,
    'follows.followCategory': category.follow,
    'follows.unfollowCategory': category.unfollow,
    'follows.settings': ({ user }) => loadFollowSettings(sequelize, user.id),
    'follows.updateSettings': async ({ user, body }) => {
      await write((transaction) => saveFollowApproval(models, { userId: user.id, approval: body.approval, now: new Date() }, { transaction }));
      return { message: t.settingsSaved, ...(await loadFollowSettings(sequelize, user.id)) };
    },
    'follows.requests': ({ user, query }) => listFollowers(sequelize, { userId: user.id, state: 'pending', page: query.page }),
    'follows.approve': async ({ user, params }) => {
      await write((transaction) => answerFollowRequest(models, { userId: user.id, publicId: params.publicId, approve: true, now: new Date() }, { transaction }));
      return { message: t.approved, state: 'approved' };
    },
    'follows.decline': async ({ user, params }) => {
      await write((transaction) => answerFollowRequest(models, { userId: user.id, publicId: params.publicId, approve: false, now: new Date() }, { transaction }));
      return { message: t.declined, state: 'none' };
    },
    'follows.followers': ({ user, query }) => listFollowers(sequelize, { userId: user.id, state: 'approved', page: query.page }),
  };
}
