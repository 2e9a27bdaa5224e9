import { lazy } from 'react';
import { FOLLOWING_FEED_TEXTS } from '@hiraku/shared';
import { ClientSuspense } from '../components/ClientSuspense';
import { SaveButtonView } from '../saves/SaveButtonView';
import { useSession } from '../session/SessionContext';

/*
 * A card's buttons in a list: 保存 and the author line's フォローする. Lists are
 * first screens (/reports is held to 120 KiB of JavaScript before first paint), so the buttons' logic
 * comes after it, in one chunk for both (cardActions.ts); until then each shows what it shows while the
 * member's saved ids or follows load: 保存 or フォローする, not yet pressable.
 */

const loadActions = () => import('./cardActions');
const SaveButton = lazy(() => loadActions().then((module) => ({ default: module.SaveButton })));
const CardFollowButtonLoaded = lazy(() => loadActions().then((module) => ({ default: module.CardFollowButtonLoaded })));

export function CardSaveButton({ reportId }: { reportId: number }) {
  return (
    <ClientSuspense fallback={<SaveButtonView saved={false} busy />}>
      <SaveButton reportId={reportId} />
    </ClientSuspense>
  );
}

/** The follow button of a card's author line; nothing for a visitor or on the member's own cards. */
export function CardFollowButton({ publicId, name }: { publicId: string; name: string }) {
  const { user } = useSession();
  if (!user || user.publicId === publicId) return null;
  return (
    <ClientSuspense
      fallback={
        // FollowButtonView as it is while busy, without its code.
        <span className="follow-button follow-button--compact">
          <button type="button" className="button button--primary" aria-pressed={false} disabled>
            {FOLLOWING_FEED_TEXTS.follow}
          </button>
        </span>
      }
    >
      <CardFollowButtonLoaded publicId={publicId} name={name} />
    </ClientSuspense>
  );
}
