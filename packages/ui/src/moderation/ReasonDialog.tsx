import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS, COMMON_TEXTS, MODERATION_TEXTS, moderationReasonSchema } from '@hiraku/shared';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = MODERATION_TEXTS.common;

export interface ReasonDialogProps {
  title: string;
  question: string;
  confirmLabel: string;
  /** Fields between the question and the reason (the end of a suspension). */
  children?: ReactNode;
  /** Does the action; resolves to the error to show, or null once done (the caller then closes it). */
  onConfirm: (reason: string) => Promise<string | null>;
  onCancel: () => void;
}

/**
 * Every operator action asks for its reason (1-500 characters, into the audit log) in this dialog.
 * The reason field has the focus, so Enter in it never acts on an empty reason by accident.
 */
export function ReasonDialog({ title, question, confirmLabel, children, onConfirm, onCancel }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = moderationReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await onConfirm(parsed.data);
    // On success the caller unmounts the dialog; only a failure leaves it open.
    if (failure !== null) {
      setBusy(false);
      setError(failure);
      fieldRef.current?.focus();
    }
  };

  return (
    <ModalDialog title={title} onClose={onCancel} initialFocus={fieldRef} role="alertdialog" describedBy={`${id}-question`} className="modal--confirm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p id={`${id}-question`}>{question}</p>
        {children}
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            {t.reasonLabel}
          </label>
          <textarea
            ref={fieldRef}
            id={`${id}-reason`}
            className="field__input"
            rows={3}
            maxLength={LIMITS.moderationReasonMax * 2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t.reasonHint}
          </p>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? COMMON_TEXTS.processing : confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
