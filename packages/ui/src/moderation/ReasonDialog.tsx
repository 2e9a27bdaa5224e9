import { useId, useRef, useState, type ReactNode } from 'react';
import { LIMITS, COMMON_TEXTS, MODERATION_TEXTS, moderationReasonInputSchema, type ModerationReasonInput } from '@hiraku/shared';
import { schemaCheck, guardSubmit, useSchemaForm } from '../components/forms';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = MODERATION_TEXTS.common;
const ORDER = ['reason'] as const;
const checkReason = schemaCheck<ModerationReasonInput>(moderationReasonInputSchema);

export interface ReasonDialogProps {
  title: string;
  question: string;
  confirmLabel: string;
  /** Fields between the question and the reason (the end of a suspension). */
  children?: ReactNode;
  /** Does the action; resolves to the error to show, or null once done (the caller then closes it). */
  onConfirm: (reason: string) => Promise<string | null>;
  onCancel: () => void;
  /** Issue 38: notice templates for this decision, their placeholders already filled; choosing one fills the reason. */
  templates?: ReadonlyArray<{ id: number; name: string; text: string }>;
}

/**
 * Every operator action asks for its reason (1-500 characters, into the audit log) in this dialog.
 * The reason field has the focus, so Enter in it never acts on an empty reason by accident.
 */
export function ReasonDialog({ title, question, confirmLabel, children, onConfirm, onCancel, templates = [] }: ReasonDialogProps) {
  const { formRef, values, errors, setField, submitWith } = useSchemaForm<ModerationReasonInput>({ defaultValues: { reason: '' }, check: checkReason, order: ORDER });
  /** What the action answered when it failed; the reason's own message comes first. */
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const error = errors.reason ?? failure;

  const send = submitWith(async (checked: ModerationReasonInput) => {
    setBusy(true);
    setFailure(null);
    const failed = await onConfirm(moderationReasonInputSchema.parse(checked).reason);
    // On success the caller unmounts the dialog; only a failure leaves it open.
    if (failed !== null) {
      setBusy(false);
      setFailure(failed);
      fieldRef.current?.focus();
    }
  });
  const submit = guardSubmit(send, busy);

  return (
    <ModalDialog title={title} onClose={onCancel} initialFocus={fieldRef} role="alertdialog" describedBy={`${id}-question`} className="modal--confirm">
      <form ref={formRef} onSubmit={submit} noValidate>
        <p id={`${id}-question`}>{question}</p>
        {children}
        {templates.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-template`} className="field__label">
              {t.templateLabel}
            </label>
            <select
              id={`${id}-template`}
              className="field__input"
              defaultValue=""
              onChange={(event) => {
                const chosen = templates.find((template) => String(template.id) === event.target.value);
                if (chosen) setField('reason', chosen.text);
              }}
            >
              <option value="">{t.templateNone}</option>
              {templates.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            {t.reasonLabel}
          </label>
          <textarea
            ref={fieldRef}
            id={`${id}-reason`}
            name="reason"
            className="field__input"
            rows={3}
            maxLength={LIMITS.moderationReasonMax * 2}
            value={values.reason}
            onChange={(event) => setField('reason', event.target.value)}
            aria-invalid={Boolean(error)}
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
