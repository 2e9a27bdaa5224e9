import { COMMON_TEXTS, SAFETY_TEXTS } from '@hiraku/shared';
import { useState } from 'react';
import { errorMessage } from '../api/apiError';
import { useEndpointQuery } from '../query/endpointQuery';
import { useBlockMutation, useMuteMutation } from './safetyMutations';
import { BlockConfirmDialog } from './BlockConfirmDialog';

const t = SAFETY_TEXTS;

/** Block and mute buttons for another member's profile, with what is in force now. */
export function MemberSafetyButtons({ publicId, name }: { publicId: string; name: string }) {
  const blocks = useEndpointQuery('blocks.list');
  const mutes = useEndpointQuery('mutes.list');
  const block = useBlockMutation();
  const mute = useMuteMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const blocking = blocks.data?.members.some((member) => member.publicId === publicId) ?? false;
  const muting = mutes.data?.members.some((member) => member.publicId === publicId) ?? false;
  const busy = block.isPending || mute.isPending || blocks.isPending || mutes.isPending;

  const [asking, setAsking] = useState(false);
  const sendBlock = (on: boolean) => block.mutate({ publicId, on }, { onError: (error) => setProblem(errorMessage(error, COMMON_TEXTS.fetchFailed)) });
  const toggleBlock = () => {
    setProblem(null);
    // Blocking asks first (in the app's own dialog); lifting a block does not.
    if (blocking) sendBlock(false);
    else setAsking(true);
  };
  const toggleMute = () => {
    setProblem(null);
    mute.mutate({ publicId, on: !muting }, { onError: (error) => setProblem(errorMessage(error, COMMON_TEXTS.fetchFailed)) });
  };

  return (
    <div className="member-safety">
      {blocking && <p className="form-info">{t.blockingNote}</p>}
      {muting && <p className="form-info">{t.mutingNote}</p>}
      <div className="member-safety__buttons">
        <button type="button" className="button button--ghost" onClick={toggleMute} disabled={busy} aria-pressed={muting}>
          {muting ? t.unmute : t.mute}
        </button>
        <button type="button" className="button button--ghost member-safety__block" onClick={toggleBlock} disabled={busy} aria-pressed={blocking}>
          {blocking ? t.unblock : t.block}
        </button>
      </div>
      <div role="alert">{problem && <p className="form-problem">{problem}</p>}</div>
      {asking && (
        <BlockConfirmDialog
          name={name}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            sendBlock(true);
          }}
        />
      )}
    </div>
  );
}
