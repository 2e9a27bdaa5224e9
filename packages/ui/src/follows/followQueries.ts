import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowedMembers, FollowState } from '@hiraku/shared';
import { useApi } from '../api/ApiContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';

/*
 * Following a member on the client (issue 36). The cards of a list read the member's follows once
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
