import { useId, useRef, useState } from 'react';
import { charLength, LIMITS, COMMON_TEXTS, COMMENT_TEXTS } from '@hiraku/shared';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = COMMENT_TEXTS;

/**
 * "Report this comment?" with an optional reason for the operators. Cancel has the focus, so a stray
 * Enter reports nothing; the reason is only sent when the member wrote one.
 */
export function CommentReportDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: (reason: string | null) => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const tooLong = charLength(reason) > LIMITS.moderationReasonMax;
  return (
    <ModalDialog title={t.reportTitle} onClose={onCancel} initialFocus={cancelRef} role="alertdialog" describedBy={questionId} className="modal--confirm">
      <p id={questionId}>{t.reportConfirm}</p>
      <div className={`field${tooLong ? ' field--invalid' : ''}`}>
        <label htmlFor={reasonId} className="field__label">
          {t.reportReason}
        </label>
        <textarea
          id={reasonId}
          className="field__input"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={hintId}
          aria-invalid={tooLong ? true : undefined}
        />
        <p id={hintId} className={tooLong ? 'field__error' : 'field__hint'}>
          {t.reportReasonHint(LIMITS.moderationReasonMax)}
        </p>
      </div>
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
          {t.reportCancel}
        </button>
        <button type="button" className="button button--danger" onClick={() => onConfirm(reason.trim() || null)} disabled={busy || tooLong}>
          {busy ? COMMON_TEXTS.processing : t.reportSubmit}
        </button>
      </div>
    </ModalDialog>
  );
}
