import { FOLLOW_TEXTS } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';

/** 「フォロワー n人」 on the member's own dashboard: never on the public profile. */
export function FollowerCount() {
  const settings = useEndpointQuery('follows.settings');
  if (!settings.data) return null;
  return <p className="dashboard__followers">{FOLLOW_TEXTS.followerCount(settings.data.followerCount)}</p>;
}
