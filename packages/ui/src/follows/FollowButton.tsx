import { COMMON_TEXTS, FOLLOW_TEXTS } from '@hiraku/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/ApiContext';
import { errorMessage } from '../api/apiError';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';

const t = FOLLOW_TEXTS;

/**
 * Follow or unfollow a member (issue 36), from their profile or a report card's author line. Shows the
 * caller's own standing only: フォロー中, リクエスト中 (with フォロー承認制, also after a decline) or nothing.
 */
export function FollowButton({ publicId, name, compact = false }: { publicId: string; name: string; compact?: boolean }) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const state = useEndpointQuery('follows.memberState', { params: { publicId } });
  const [problem, setProblem] = useState<string | null>(null);
  const following = state.data?.state === 'approved';
  const requested = state.data?.state === 'pending';
  const change = useMutation({
    mutationFn: (on: boolean) => call(on ? 'follows.followMember' : 'follows.unfollowMember', { params: { publicId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(endpointQueryKey('follows.memberState', { params: { publicId } }), { state: answer.state });
      // フォロー中 and the profile's list (フォロワーのみ reports) change with the follow.
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('reports.feed') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('reports.byMember') });
      void queryClient.invalidateQueries({ queryKey: endpointQueryKey('follows.list') });
    },
    onError: (error) => setProblem(errorMessage(error, COMMON_TEXTS.fetchFailed)),
  });
  const on = following || requested;
  const label = following ? t.following : requested ? t.requested : t.follow;
  return (
    <span className={compact ? 'follow-button follow-button--compact' : 'follow-button'}>
      <button
        type="button"
        className={on ? 'button button--ghost' : 'button button--primary'}
        aria-pressed={on}
        aria-label={on ? t.unfollowMemberLabel(name) : t.followMemberLabel(name)}
        disabled={state.isPending || change.isPending}
        onClick={() => {
          setProblem(null);
          change.mutate(!on);
        }}
      >
        {label}
      </button>
      <span role="alert">{problem && <span className="form-problem">{problem}</span>}</span>
    </span>
  );
}
