import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { LIMITS, COMMON_TEXTS, TAXONOMY_MESSAGES, TAXONOMY_TEXTS, type CategoryItem } from '@hiraku/shared';
import { guardSubmit, useSchemaForm, type FieldErrors } from '../components/forms';

const t = TAXONOMY_TEXTS.categories;
const c = TAXONOMY_TEXTS.common;

export interface CategoryRowProps {
  category: CategoryItem;
  editing: boolean;
  busy: boolean;
  /** Why the last rename or delete of this row failed, shown where the member is looking. */
  failure: string | null;
  onStartRename: () => void;
  onCancelRename: () => void;
  /** Resolves true when saved; the row then leaves edit mode. */
  onRename: (name: string) => Promise<boolean>;
  onDelete: () => void;
}

interface RenameValues {
  name: string;
}
const RENAME_ORDER = ['name'] as const;

function checkRename({ name }: RenameValues): FieldErrors {
  return name.trim() ? {} : { name: TAXONOMY_MESSAGES.categoryNameRequired };
}

/** One category: its name, level and order, renamed in place (Enter saves, Escape cancels). */
export function CategoryRow({ category, editing, busy, failure, onStartRename, onCancelRename, onRename, onDelete }: CategoryRowProps) {
  const { form, formRef, errors, submitWith } = useSchemaForm<RenameValues>({ defaultValues: { name: category.name }, check: checkRename, order: RENAME_ORDER });
  const error = errors.name ?? null;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...nameField } = form.register('name');
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const id = useId();

  useEffect(() => {
    if (editing) {
      form.reset({ name: category.name });
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) {
      // Back to the button that opened the editor, so a keyboard user stays where they were.
      renameButtonRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing, category.name, form]);

  // A refused rename leaves the editor open: give the (re-enabled) field the focus back.
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy && editing) inputRef.current?.focus();
    wasBusy.current = busy;
  }, [busy, editing]);

  const send = submitWith(async ({ name }: RenameValues) => {
    const trimmed = name.trim();
    if (trimmed === category.name) {
      onCancelRename();
      return;
    }
    await onRename(trimmed);
  });
  const save = guardSubmit(send, busy);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancelRename();
    }
  };

  const meta = (
    <p className="taxonomy-row__meta">
      {t.level} {category.level}・{t.order} {category.order}
      {category.key && (
        <span className="badge taxonomy-row__badge" title={t.systemHint}>
          {t.systemBadge}
        </span>
      )}
    </p>
  );

  if (editing) {
    return (
      <li className="taxonomy-row taxonomy-row--editing">
        <form ref={formRef} className="taxonomy-rename" onSubmit={save} noValidate>
          <label htmlFor={`${id}-name`} className="visually-hidden">
            {t.renameLabel(category.name)}
          </label>
          <input
            {...nameField}
            ref={(element) => {
              registerRef(element);
              inputRef.current = element;
            }}
            id={`${id}-name`}
            className={`field__input${error ? ' field__input--invalid' : ''}`}
            maxLength={LIMITS.categoryNameMax}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            disabled={busy}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t.renameHint}
          </p>
          {(error ?? failure) && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error ?? failure}
            </p>
          )}
          <div className="taxonomy-row__actions">
            <button type="submit" className="button button--primary button--small" disabled={busy}>
              {busy ? COMMON_TEXTS.processing : c.save}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={onCancelRename} disabled={busy}>
              {c.cancel}
            </button>
          </div>
        </form>
        {meta}
      </li>
    );
  }

  return (
    <li className="taxonomy-row">
      <div className="taxonomy-row__main">
        <p className="taxonomy-row__name">{category.name}</p>
        {meta}
      </div>
      <div className="taxonomy-row__actions">
        <button
          ref={renameButtonRef}
          type="button"
          className="button button--ghost button--small"
          onClick={onStartRename}
          disabled={busy}
          aria-label={t.renameButtonLabel(category.name)}
        >
          {t.rename}
        </button>
        {/* A built-in category cannot be deleted (the server refuses): no button to press in vain. */}
        {category.key === null && (
          <button type="button" className="button button--ghost button--small button--danger-text" onClick={onDelete} disabled={busy} aria-label={t.deleteLabel(category.name)}>
            {c.delete}
          </button>
        )}
      </div>
      {failure && (
        <p className="form-problem taxonomy-row__failure" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}
