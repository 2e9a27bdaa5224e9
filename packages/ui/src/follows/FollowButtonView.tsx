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
}

/**
 * How the follow button looks, whether it can act yet or not (FollowButton and the cards' button give it
 * the state). Shows the member's own standing only: フォロー中, リクエスト中 (with フォロー承認制, also
 * after a decline) or フォローする.
 */
export function FollowButtonView({ name, standing, busy, compact = false, onToggle, problem = null }: FollowButtonViewProps) {
  const on = standing !== 'none';
  const label = standing === 'approved' ? t.following : standing === 'pending' ? t.requested : t.follow;
  return (
    <span className={compact ? 'follow-button follow-button--compact' : 'follow-button'}>
      <button
        type="button"
        className={on ? 'button button--ghost' : 'button button--primary'}
        aria-pressed={on}
        aria-label={on ? t.unfollowMemberLabel(name) : t.followMemberLabel(name)}
        disabled={busy}
        onClick={onToggle}
      >
        {label}
      </button>
      <span role="alert">{problem && <span className="form-problem">{problem}</span>}</span>
    </span>
  );
}
