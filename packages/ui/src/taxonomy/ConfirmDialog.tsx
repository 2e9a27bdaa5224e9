import { useId, useRef } from 'react';
import { COMMON_TEXTS, TAXONOMY_TEXTS } from '@hiraku/shared';
import { ModalDialog } from './ModalDialog';

const t = TAXONOMY_TEXTS.common;

/** "Delete this?" before anything is removed. Cancel has the focus, so a stray Enter deletes nothing. */
export function ConfirmDialog({ message, busy, onConfirm, onCancel }: { message: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <ModalDialog title={t.confirmTitle} onClose={onCancel} initialFocus={cancelRef} role="alertdialog" describedBy={messageId} className="modal--confirm">
      <p id={messageId}>{message}</p>
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
          {busy ? COMMON_TEXTS.processing : t.confirmDelete}
        </button>
      </div>
    </ModalDialog>
  );
}
