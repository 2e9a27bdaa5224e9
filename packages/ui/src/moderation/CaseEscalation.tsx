import { useId, useState } from 'react';
import { escalateCaseInputSchema, formatDateTimeJa, MODERATION_TEXTS, type CaseItem } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import type { ModerationApi } from '../api/moderationApi';
import { schemaCheck, useSchemaForm } from '../components/forms';

const t = MODERATION_TEXTS.cases;
const c = MODERATION_TEXTS.common;

const checkReason = schemaCheck<{ reason: string }>(escalateCaseInputSchema);

/**
 * 要相談 (issue 38): who asked the admins and why, or, on an open case nobody escalated yet, a button that
 * opens the form asking them (the shared schema checks it, as the server does).
 */
export function CaseEscalation({ item, api, onChange }: { item: CaseItem; api: ModerationApi; onChange: (item: CaseItem) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { form, formRef, errors, submitWith } = useSchemaForm<{ reason: string }>({ defaultValues: { reason: '' }, check: checkReason, order: ['reason'] });
  const { register, formState } = form;
  if (item.escalation) {
    const by = item.escalation.by;
    return (
      <p className="moderation__meta">
        {t.escalatedBy(by?.username ?? by?.publicId ?? c.unnamed, formatDateTimeJa(item.escalation.at))}: {item.escalation.reason}
      </p>
    );
  }
  if (item.status !== 'open') return null;
  if (!open) {
    return (
      <p>
        <button type="button" className="button button--small button--ghost" onClick={() => setOpen(true)}>
          {t.escalateAction}
        </button>
      </p>
    );
  }
  const save = async ({ reason }: { reason: string }) => {
    setProblem(null);
    try {
      onChange((await api.escalateCase(item.id, reason)).item);
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  const error = errors.reason ?? problem;
  return (
    <form ref={formRef} onSubmit={submitWith(save)} noValidate className="cases__note-form">
      <label htmlFor={`${id}-reason`} className="field__label">
        {t.escalateReasonLabel}
      </label>
      <textarea id={`${id}-reason`} className="field__input" rows={2} {...register('reason')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--small" disabled={formState.isSubmitting}>
        {t.escalateSubmit}
      </button>
    </form>
  );
}
