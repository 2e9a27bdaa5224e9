import { COMMON_TEXTS, FOLLOW_TEXTS, type CategoryKey } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useTags } from '../taxonomy/useTags';
import { useFollowedTopics, useTopicFollowChange, type TopicKind } from './followQueries';
import { FollowButtonView } from './FollowButtonView';

const t = FOLLOW_TEXTS;

/**
 * 「フォロー」/「フォロー中」 beside a tag or a category: its reports then come in フォロー中. The
 * standing comes from the member's followed tags and categories, read once for the whole page.
 */
export function TopicFollowButton({ kind, id, name }: { kind: TopicKind; id: number; name: string }) {
  const followed = useFollowedTopics();
  const change = useTopicFollowChange(kind, id);
  const on = (kind === 'tag' ? followed?.tags : followed?.categories)?.has(id) ?? false;
  const labels =
    kind === 'tag'
      ? { follow: t.followTagLabel(name), unfollow: t.unfollowTagLabel(name), text: t.followShort }
      : { follow: t.followCategoryLabel(name), unfollow: t.unfollowCategoryLabel(name), text: t.followShort };
  return (
    <FollowButtonView
      name={name}
      standing={on ? 'approved' : 'none'}
      compact
      labels={labels}
      // Stays enabled (and focused) while a change is on its way, whose standing is already shown; a
      // second press waits for it.
      busy={followed === undefined}
      onToggle={() => {
        if (!change.isPending) change.mutate(!on);
      }}
      problem={change.isError ? errorMessage(change.error, COMMON_TEXTS.fetchFailed) : null}
    />
  );
}

/** The follow button of the system category `categoryKey` (as operators named it), once the tags have told its id. */
export function CategoryFollowButton({ categoryKey }: { categoryKey: CategoryKey }) {
  const { data: tags } = useTags();
  const category = tags?.find((tag) => tag.category_id?.key === categoryKey)?.category_id;
  if (!category) return null;
  return <TopicFollowButton kind="category" id={category._id} name={category.name} />;
}
