import { useId, useState } from 'react';
import { escalateCaseInputSchema, formatDateTimeJa, MODERATION_TEXTS, type CaseItem } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import type { ModerationApi } from '../api/moderationApi';
import { schemaCheck, useSchemaForm } from '../components/forms';
import { KEYS } from './caseKeys';

const t = MODERATION_TEXTS.cases;
const c = MODERATION_TEXTS.common;

const checkReason = schemaCheck<{ reason: string }>(escalateCaseInputSchema);

interface CaseEscalationProps {
  item: CaseItem;
  api: ModerationApi;
  onChange: (item: CaseItem) => void;
  /** The form asking the admins is open: the queue holds this, so the E key opens it too. */
  formOpen: boolean;
  onFormOpen: (open: boolean) => void;
  /** The viewer may take the 要相談 back (the operator who asked, or an admin); null: no button. */
  onWithdraw: (() => void) | null;
}

/**
 * 要相談: who asked the admins and why, with the button taking it back for whoever may; or, on
 * an open case nobody escalated yet, a button that opens the form asking them (the shared schema checks
 * it, as the server does). E does the same from the keyboard (useCaseQueueKeys).
 */
export function CaseEscalation({ item, api, onChange, formOpen, onFormOpen, onWithdraw }: CaseEscalationProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { form, formRef, errors, submitWith } = useSchemaForm<{ reason: string }>({ defaultValues: { reason: '' }, check: checkReason, order: ['reason'] });
  const { register, formState } = form;
  const shortcut = KEYS.escalate.toUpperCase();
  if (item.escalation) {
    const by = item.escalation.by;
    return (
      <p className="moderation__meta">
        {t.escalatedBy(by?.username ?? by?.publicId ?? c.unnamed, formatDateTimeJa(item.escalation.at))}: {item.escalation.reason}
        {onWithdraw && (
          <>
            {' '}
            <button type="button" className="button button--small button--ghost" aria-keyshortcuts={shortcut} onClick={onWithdraw}>
              {t.withdrawEscalation}
              <kbd className="moderation__kbd" aria-hidden="true">
                {shortcut}
              </kbd>
            </button>
          </>
        )}
      </p>
    );
  }
  if (item.status !== 'open') return null;
  if (!formOpen) {
    return (
      <p>
        <button type="button" className="button button--small button--ghost" aria-keyshortcuts={shortcut} onClick={() => onFormOpen(true)}>
          {t.escalateAction}
          <kbd className="moderation__kbd" aria-hidden="true">
            {shortcut}
          </kbd>
        </button>
      </p>
    );
  }
  const save = async ({ reason }: { reason: string }) => {
    setProblem(null);
    try {
      onChange((await api.escalateCase(item.id, reason)).item);
      onFormOpen(false);
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  const error = errors.reason ?? problem;
  return (
    <form
      ref={formRef}
      onSubmit={submitWith(save)}
      noValidate
      className="cases__note-form"
      onKeyDown={(event) => {
        // Escape gives the keys back to the queue without asking anything.
        if (event.key === 'Escape') {
          event.preventDefault();
          onFormOpen(false);
        }
      }}
    >
      <label htmlFor={`${id}-reason`} className="field__label">
        {t.escalateReasonLabel}
      </label>
      {/* Opened on purpose (the button or E): the reason is what comes next, so it takes the focus. */}
      <textarea id={`${id}-reason`} className="field__input" rows={2} autoFocus {...register('reason')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--small" disabled={formState.isSubmitting}>
        {t.escalateSubmit}
      </button>{' '}
      <button type="button" className="button button--small button--ghost" onClick={() => onFormOpen(false)}>
        {t.escalateCancel}
      </button>
    </form>
  );
}
