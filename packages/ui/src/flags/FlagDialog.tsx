import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import {
  FLAG_CATEGORIES,
  FLAG_CATEGORY_TEXTS,
  FLAG_TEXTS,
  flagInputSchema,
  type FlagCategory,
  type FlagResponse,
  type FlagTargetType,
} from '@hiraku/shared';
import { Link } from 'react-router-dom';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, schemaCheck, useSchemaForm } from '../components/forms';
import { PATHS } from '../routes/paths';
import { ModalDialog } from '../taxonomy/ModalDialog';

const t = FLAG_TEXTS;

interface FlagValues {
  category: FlagCategory | '';
  note: string;
}
type FlagInputValues = FlagValues & { targetType: FlagTargetType; targetId: string | number };
const FIELD_ORDER = ['category', 'note'] as const;

/**
 * 通報する: the seven categories, most severe first, each with its one line of help; an optional note;
 * a link to the image rules. Checked with the same schema as the server (flagInputSchema), sent with a
 * mutation; the answer's message is handed back to the page, which shows it.
 */
export function FlagDialog({
  targetType,
  targetId,
  onDone,
  onCancel,
}: {
  targetType: FlagTargetType;
  targetId: string | number;
  onDone: (answer: FlagResponse) => void;
  onCancel: () => void;
}) {
  const { call } = useApi();
  const id = useId();
  const check = useMemo(() => {
    const schemaChecks = schemaCheck<FlagInputValues>(flagInputSchema);
    return (values: FlagValues) => schemaChecks({ targetType, targetId, ...values });
  }, [targetType, targetId]);
  const { form, formRef, errors, submitWith } = useSchemaForm<FlagValues>({ defaultValues: { category: '', note: '' }, check, order: FIELD_ORDER });
  const { register } = form;
  const send = useMutation({
    mutationFn: (values: FlagValues) => call('flags.create', { body: { targetType, targetId, category: values.category as FlagCategory, note: values.note || null } }),
    onSuccess: onDone,
  });
  const categoryError = errors.category;
  const noteError = errors.note;

  return (
    <ModalDialog title={t.dialogTitle} onClose={onCancel} describedBy={`${id}-intro`} className="modal--flag">
      <form ref={formRef} onSubmit={submitWith((values) => send.mutate(values))} noValidate>
        <p id={`${id}-intro`}>{t.dialogIntro(t.targetNames[targetType])}</p>
        <fieldset className={`flag-dialog__categories${categoryError ? ' field--invalid' : ''}`} aria-describedby={categoryError ? `${id}-category-error` : undefined}>
          <legend className="field__label">{t.categoryLegend}</legend>
          {FLAG_CATEGORIES.map((category) => (
            <label key={category} className="flag-dialog__category">
              {/* Named by its label alone: the help is its description, not part of its name. */}
              <input type="radio" value={category} {...register('category')} aria-labelledby={`${id}-${category}-label`} aria-describedby={`${id}-${category}-help`} />
              <span>
                <strong id={`${id}-${category}-label`}>{FLAG_CATEGORY_TEXTS[category].label}</strong>
                <span id={`${id}-${category}-help`} className="field__hint">
                  {FLAG_CATEGORY_TEXTS[category].help}
                </span>
              </span>
            </label>
          ))}
          {categoryError && (
            <p id={`${id}-category-error`} className="field__error" role="alert">
              {categoryError}
            </p>
          )}
        </fieldset>
        <p>
          <Link to={PATHS.imageRules} target="_blank" rel="noopener">
            {t.imageRulesLink}
          </Link>
        </p>
        <div className={`field${noteError ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-note`} className="field__label">
            {t.noteLabel}
          </label>
          <textarea id={`${id}-note`} className="field__input" rows={3} {...register('note')} aria-invalid={noteError ? true : undefined} aria-describedby={`${id}-note-hint`} />
          <p id={`${id}-note-hint`} className={noteError ? 'field__error' : 'field__hint'}>
            {noteError ?? t.noteHint}
          </p>
        </div>
        <FormAlert message={send.isError ? errorMessage(send.error, t.failed) : null} />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="submit" className="button button--danger" disabled={send.isPending}>
            {send.isPending ? t.sending : t.submit}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
