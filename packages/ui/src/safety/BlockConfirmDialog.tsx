import { useId, useRef } from 'react';
import { SAFETY_TEXTS } from '@hiraku/shared';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = SAFETY_TEXTS;

/**
 * "Block this member?" in the app's own dialog, not the browser's native box: it reads like
 * the rest of the site and works the same in the desktop app. やめる has the focus, so a stray Enter blocks no one.
 */
export function BlockConfirmDialog({ name, onConfirm, onCancel }: { name: string; onConfirm: () => void; onCancel: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <ModalDialog title={t.blockDialogTitle} onClose={onCancel} initialFocus={cancelRef} role="alertdialog" describedBy={messageId} className="modal--confirm">
      <p id={messageId}>{t.blockConfirm(name)}</p>
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
          {t.blockCancel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {t.block}
        </button>
      </div>
    </ModalDialog>
  );
}
