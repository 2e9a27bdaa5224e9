import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS, COMMON_TEXTS, TAXONOMY_MESSAGES, TAXONOMY_TEXTS, type CategoryItem, type TagItem, type TagMutationResponse } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import type { TagInput } from '../api/tagsAdminApi';
import { FormAlert, TextField } from '../components/forms';
import { SelectField } from '../components/forms/SelectField';
import { NumberField } from './FormControls';
import { ModalDialog } from './ModalDialog';
import type { TagGroup } from './tagGroups';

const t = TAXONOMY_TEXTS.tags;
const c = TAXONOMY_TEXTS.common;

export type TagEditorTarget = { mode: 'create'; categoryId: number | null } | { mode: 'edit'; tag: TagItem };

type FieldName = 'name' | 'order' | 'parent_id' | 'level' | 'category_id' | 'popularity';
const FIELD_ORDER: readonly FieldName[] = ['name', 'order', 'parent_id', 'level', 'category_id', 'popularity'];

interface FormValues {
  name: string;
  order: string;
  parentId: string;
  level: string;
  categoryId: string;
  popularity: string;
}

/** docs/product.md §5: order 0, level 1, popularity 0, no parent; the category the operator started from. */
function initialValues(target: TagEditorTarget): FormValues {
  if (target.mode === 'edit') {
    const { tag } = target;
    return {
      name: tag.name,
      order: String(tag.order),
      parentId: tag.parent_id === null ? '' : String(tag.parent_id),
      level: String(tag.level),
      categoryId: tag.category_id ? String(tag.category_id._id) : '',
      popularity: String(tag.popularity),
    };
  }
  return { name: '', order: '0', parentId: '', level: '1', categoryId: target.categoryId === null ? '' : String(target.categoryId), popularity: '0' };
}

function toInput(values: FormValues, name: string): TagInput {
  return {
    name,
    order: values.order.trim(),
    level: values.level.trim(),
    popularity: values.popularity.trim(),
    parent_id: values.parentId ? Number(values.parentId) : null,
    category_id: values.categoryId ? Number(values.categoryId) : null,
  };
}

export interface TagEditorModalProps {
  target: TagEditorTarget;
  /** For the parent choice, grouped as the page shows them. */
  groups: readonly TagGroup[];
  categories: readonly CategoryItem[];
  onSaved: (answer: TagMutationResponse) => void;
  onClose: () => void;
}

/** Creates or edits one tag in a modal dialog (Escape or キャンセル closes it without saving). */
export function TagEditorModal({ target, groups, categories, onSaved, onClose }: TagEditorModalProps) {
  const { tagsAdmin } = useApi();
  const [values, setValues] = useState<FormValues>(() => initialValues(target));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const editingId = target.mode === 'edit' ? target.tag._id : null;
  // Fields are disabled while sending, and a disabled field cannot take focus: wait for the re-render.
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName } | null>(null);

  const set = (field: keyof FormValues) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  useEffect(() => {
    if (!focusRequest || busy) return;
    const element = formRef.current?.elements.namedItem(focusRequest.field);
    if (element instanceof HTMLElement) element.focus();
  }, [focusRequest, busy]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const name = values.name.trim();
    if (!name) {
      setErrors({ name: TAXONOMY_MESSAGES.tagNameRequired });
      setFormError(null);
      setFocusRequest({ field: 'name' });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const input = toInput(values, name);
      const answer = editingId === null ? await tagsAdmin.create(input) : await tagsAdmin.update(editingId, input);
      onSaved(answer);
    } catch (error) {
      setBusy(false);
      const fields = isApiError(error) ? (error.fields as Partial<Record<FieldName, string>>) : {};
      setErrors(fields);
      setFormError(errorMessage(error, TAXONOMY_MESSAGES.tagFailed));
      const first = FIELD_ORDER.find((field) => fields[field]);
      if (first) setFocusRequest({ field: first });
    }
  };

  return (
    <ModalDialog title={target.mode === 'edit' ? t.editTitle : t.createTitle} onClose={onClose} className="modal--form">
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <FormAlert message={formError} />
        <TextField label={t.fields.name} name="name" value={values.name} onChange={set('name')} error={errors.name} required maxLength={LIMITS.tagNameMax} disabled={busy} />
        <SelectField label={t.fields.category} name="category_id" value={values.categoryId} onChange={set('categoryId')} error={errors.category_id} disabled={busy}>
          <option value="">{t.noCategory}</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t.fields.parent} name="parent_id" value={values.parentId} onChange={set('parentId')} error={errors.parent_id} disabled={busy}>
          <option value="">{t.none}</option>
          {groups
            .filter((group) => group.tags.some((tag) => tag._id !== editingId))
            .map((group) => (
              <optgroup key={group.categoryId ?? 'none'} label={group.name}>
                {group.tags
                  .filter((tag) => tag._id !== editingId)
                  .map((tag) => (
                    <option key={tag._id} value={tag._id}>
                      {tag.name}
                    </option>
                  ))}
              </optgroup>
            ))}
        </SelectField>
        <div className="tag-editor__numbers">
          <NumberField label={t.fields.order} name="order" min={0} value={values.order} onChange={set('order')} error={errors.order} hint={t.numberHint} disabled={busy} />
          <NumberField label={t.fields.level} name="level" min={1} value={values.level} onChange={set('level')} error={errors.level} hint={t.levelHint} disabled={busy} />
          <NumberField
            label={t.fields.popularity}
            name="popularity"
            min={0}
            value={values.popularity}
            onChange={set('popularity')}
            error={errors.popularity}
            hint={t.numberHint}
            disabled={busy}
          />
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            {c.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? COMMON_TEXTS.processing : c.save}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
