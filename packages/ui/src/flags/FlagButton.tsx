import { useState } from 'react';
import { FLAG_TEXTS, type FlagTargetType } from '@hiraku/shared';
import { FormStatus } from '../components/forms';
import { FlagDialog } from './FlagDialog';

/**
 * 通報する on a report, a comment or a member's profile. Once sent the button says 通報済み and the
 * server's answer is announced; pressing it again opens the dialog again (a second flag updates the first).
 */
export function FlagButton({ targetType, targetId, className = '' }: { targetType: FlagTargetType; targetId: string | number; className?: string }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <span className={`flag-button ${className}`}>
      <button type="button" className="button button--text flag-button__button" onClick={() => setOpen(true)}>
        {message ? FLAG_TEXTS.buttonDone : FLAG_TEXTS.button}
      </button>
      <FormStatus message={message} />
      {open && (
        <FlagDialog
          targetType={targetType}
          targetId={targetId}
          onDone={(answer) => {
            setOpen(false);
            setMessage(answer.message);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </span>
  );
}
