
import { errorMessage } from '../api/apiError';
import { useFollowedMembers, useMemberFollowChange } from './followQueries';
import { FollowButtonView } from './FollowButtonView';

/** The follow button of a card's author line: the standing comes from the member's follows, read once for the whole list. */
export function CardFollowButtonLoaded({ publicId, name }: { publicId: string; name: string }) {
  const followed = useFollowedMembers();
  const change = useMemberFollowChange(publicId);
  const standing = followed?.get(publicId) ?? 'none';
  return (
    <FollowButtonView
      name={name}
      standing={standing}
      compact
      busy={followed === undefined || change.isPending}
      onToggle={() => change.mutate(standing === 'none')}
      problem={change.isError ? errorMessage(change.error, 'x') : null}
    />
  );
}
