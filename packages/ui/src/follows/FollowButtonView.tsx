import { FOLLOW_TEXTS } from '@hiraku/shared';
import type { MemberFollowStanding } from './followQueries';

const t = FOLLOW_TEXTS;

export interface FollowButtonViewProps {
  name: string;
  standing: MemberFollowStanding;
  busy: boolean;
  compact?: boolean;
  onToggle?: () => void;
  problem?: string | null;
  /** For a tag or a category: its accessible names and the shorter 「フォロー」 (the default names a member). */
  labels?: { follow: string; unfollow: string; text?: string };
}

/**
 * How the follow button looks, whether it can act yet or not (FollowButton and the cards' button give it
 * the state). Shows the member's own standing only: フォロー中, リクエスト中 (with フォロー承認制, also
 * after a decline) or フォローする.
 */
export function FollowButtonView({ name, standing, busy, compact = false, onToggle, problem = null, labels }: FollowButtonViewProps) {
  const on = standing !== 'none';
  const label = standing === 'approved' ? t.following : standing === 'pending' ? t.requested : (labels?.text ?? t.follow);
  return (
    <span className={compact ? 'follow-button follow-button--compact' : 'follow-button'}>
      <button
        type="button"
        className={on ? 'button button--ghost' : 'button button--primary'}
        aria-pressed={on}
        aria-label={on ? (labels?.unfollow ?? t.unfollowMemberLabel(name)) : (labels?.follow ?? t.followMemberLabel(name))}
        disabled={busy}
        onClick={onToggle}
      >
        {label}
      </button>
      <span role="alert">{problem && <span className="form-problem">{problem}</span>}</span>
    </span>
  );
}
