import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalDialogProps {
  title: string;
  /** Escape, the close button and the caller's cancel buttons all end here; the caller unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** Gets the focus when the dialog opens; otherwise the first field or button does. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for a question that needs an answer (delete?). */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, so neither a pointer nor
 * a screen reader's virtual cursor reaches behind it. Tab is kept inside too, and focus goes back to the
 * control that opened it when it closes.
 */
export function ModalDialog({ title, onClose, children, initialFocus, role = 'dialog', describedBy, className = '' }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may be gone (a deleted row); then the page decides where focus goes.
      if (opener?.isConnected) opener.focus();
    };
    // Opening happens once per mount; a later initialFocus change must not re-open it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`modal ${className}`.trim()}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // Escape: let React unmount it, so the caller's state and the DOM never disagree.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="modal__panel">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
