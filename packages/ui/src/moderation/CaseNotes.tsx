import { useId, useState } from 'react';
import { caseNoteInputSchema, formatDateTimeJa, MODERATION_TEXTS, type CaseItem } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import type { ModerationApi } from '../api/moderationApi';
import { schemaCheck, useSchemaForm } from '../components/forms';

const t = MODERATION_TEXTS.cases;
const c = MODERATION_TEXTS.common;

const checkNote = schemaCheck<{ text: string }>(caseNoteInputSchema);

/** The operators' notes on a case, and the form for another (the shared schema checks it, as the server does). */
export function CaseNotes({ item, api, onChange }: { item: CaseItem; api: ModerationApi; onChange: (item: CaseItem) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { form, formRef, errors, submitWith } = useSchemaForm<{ text: string }>({ defaultValues: { text: '' }, check: checkNote, order: ['text'] });
  const { register, formState, reset } = form;
  const save = async ({ text }: { text: string }) => {
    setProblem(null);
    try {
      onChange((await api.noteCase(item.id, text)).item);
      reset();
    } catch (error) {
      setProblem(errorMessage(error, c.actionFailed));
    }
  };
  const error = errors.text ?? problem;
  return (
    <section aria-labelledby={`${id}-heading`} className="cases__notes">
      <h3 id={`${id}-heading`} className="moderation__subheading">
        {t.notesHeading}
      </h3>
      {item.notes.length > 0 && (
        <ul>
          {item.notes.map((note, index) => (
            <li key={index}>
              {note.text}（{note.author?.username ?? note.author?.publicId ?? ''}・{formatDateTimeJa(note.createdAt)}）
            </li>
          ))}
        </ul>
      )}
      <form ref={formRef} onSubmit={submitWith(save)} noValidate className="cases__note-form">
        <label htmlFor={`${id}-text`} className="field__label">
          {t.noteLabel}
        </label>
        <textarea id={`${id}-text`} className="field__input" rows={2} {...register('text')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--small button--ghost" disabled={formState.isSubmitting}>
          {t.noteSubmit}
        </button>
      </form>
    </section>
  );
}
