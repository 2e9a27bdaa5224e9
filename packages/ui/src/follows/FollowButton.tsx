import { COMMON_TEXTS } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useEndpointQuery } from '../query/endpointQuery';
import { useMemberFollowChange } from './followQueries';
import { FollowButtonView } from './FollowButtonView';

/** Follow or unfollow a member from their profile: reads the standing with this one member. */
export function FollowButton({ publicId, name, compact = false }: { publicId: string; name: string; compact?: boolean }) {
  const state = useEndpointQuery('follows.memberState', { params: { publicId } });
  const change = useMemberFollowChange(publicId);
  const standing = state.data?.state ?? 'none';
  return (
    <FollowButtonView
      name={name}
      standing={standing}
      compact={compact}
      busy={state.isPending || change.isPending}
      onToggle={() => change.mutate(standing === 'none')}
      problem={change.isError ? errorMessage(change.error, COMMON_TEXTS.fetchFailed) : null}
    />
  );
}
