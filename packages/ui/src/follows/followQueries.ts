import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowedMembers, FollowedTopics, FollowState } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';

/*
 * Following a member on the client. The cards of a list read the member's follows once
 * (follows.memberIds) rather than one call per author; the profile reads its one member's standing. A
 * change made on either updates both in place, so a card and the profile never disagree.
 */

export type MemberFollowStanding = FollowState | 'none';

const MEMBER_IDS_KEY = endpointQueryKey('follows.memberIds');

/** Where the member stands with each author they follow or asked to follow, by public id; undefined until read. */
export function useFollowedMembers(): ReadonlyMap<string, FollowState> | undefined {
  return useEndpointQuery('follows.memberIds', undefined, {
    staleTime: 60_000,
    select: (answer: FollowedMembers) => new Map(answer.members.map((member) => [member.publicId, member.state])),
  }).data;
}

/** Follows or stops following `publicId`; every place that shows the standing is updated from the answer. */
export function useMemberFollowChange(publicId: string) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call(on ? 'follows.followMember' : 'follows.unfollowMember', { params: { publicId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(endpointQueryKey('follows.memberState', { params: { publicId } }), { state: answer.state });
      queryClient.setQueryData<FollowedMembers>(MEMBER_IDS_KEY, (old) => {
        if (!old) return old;
        const others = old.members.filter((member) => member.publicId !== publicId);
        return { members: answer.state === 'none' ? others : [{ publicId, state: answer.state }, ...others] };
      });
      // フォロー中 and the profile's list (フォロワーのみ reports) change with the follow.
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('reports.feed') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('reports.byMember') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('follows.list') });
    },
  });
}

export type TopicKind = 'tag' | 'category';
const TOPIC_IDS_KEY = endpointQueryKey('follows.topicIds');
const topicField = { tag: 'tags', category: 'categories' } as const;

/** The tags and categories the member follows, by id; undefined until read. */
export function useFollowedTopics(): { tags: ReadonlySet<number>; categories: ReadonlySet<number> } | undefined {
  return useEndpointQuery('follows.topicIds', undefined, {
    staleTime: 60_000,
    select: (answer: FollowedTopics) => ({ tags: new Set(answer.tags), categories: new Set(answer.categories) }),
  }).data;
}

/** `topics` with `id` of `kind` followed or not. */
export function withTopic(topics: FollowedTopics, kind: TopicKind, id: number, on: boolean): FollowedTopics {
  const field = topicField[kind];
  const others = topics[field].filter((known) => known !== id);
  return { ...topics, [field]: on ? [id, ...others] : others };
}

/**
 * Follows or stops following tag or category `id`, shown at once (optimistic): the button reads the new
 * standing before the answer, and the old one comes back if the server refuses.
 */
export function useTopicFollowChange(kind: TopicKind, id: number) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      kind === 'tag'
        ? call(on ? 'follows.followTag' : 'follows.unfollowTag', { params: { id } })
        : call(on ? 'follows.followCategory' : 'follows.unfollowCategory', { params: { id } }),
    onMutate: async (on: boolean) => {
      await queryClient.cancelQueries({ queryKey: TOPIC_IDS_KEY });
      const before = queryClient.getQueryData<FollowedTopics>(TOPIC_IDS_KEY);
      if (before) queryClient.setQueryData<FollowedTopics>(TOPIC_IDS_KEY, withTopic(before, kind, id, on));
      return { before };
    },
    onError: (_error, _on, context) => {
      if (context?.before) queryClient.setQueryData(TOPIC_IDS_KEY, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: TOPIC_IDS_KEY });
      // フォロー中 and 設定's list change with the follow.
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('reports.feed') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('follows.list') });
    },
  });
}
