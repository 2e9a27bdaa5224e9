import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIMITS, COMMON_TEXTS, TAXONOMY_MESSAGES, TAXONOMY_TEXTS, type CategoryItem, type TagItem, type TagMutationResponse } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import type { TagInput } from '../api/tagsAdminApi';
import { FormAlert, TextField, guardSubmit, useSchemaForm, type FieldErrors } from '../components/forms';
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

/** Only the name is the form's to judge; the numbers are read and named by the server (docs/product.md §5). */
function checkTag(values: FormValues): FieldErrors {
  return values.name.trim() ? {} : { name: TAXONOMY_MESSAGES.tagNameRequired };
}

/** The form's fields by the names the server's messages use. */
const SERVER_NAMES: Record<FieldName, keyof FormValues> = {
  name: 'name',
  order: 'order',
  parent_id: 'parentId',
  level: 'level',
  category_id: 'categoryId',
  popularity: 'popularity',
};

/** The tag's write: a new one, or the one being edited. */
function useSaveTag() {
  const { tagsAdmin } = useApi();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TagInput }) => (id === null ? tagsAdmin.create(input) : tagsAdmin.update(id, input)),
  });
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
  const saveTag = useSaveTag();
  const { formRef, values, errors: formErrors, setField, submitWith, showFieldErrors } = useSchemaForm<FormValues>({
    defaultValues: initialValues(target),
    check: checkTag,
    order: FIELD_ORDER.map((field) => SERVER_NAMES[field]),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const busy = saveTag.isPending;
  const editingId = target.mode === 'edit' ? target.tag._id : null;
  // Fields are disabled while sending, and a disabled field cannot take focus: wait for the re-render.
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName } | null>(null);
  const errors: Partial<Record<FieldName, string>> = Object.fromEntries(FIELD_ORDER.map((field) => [field, formErrors[SERVER_NAMES[field]]]));

  const set = (field: keyof FormValues) => (value: string) => setField(field, value);

  useEffect(() => {
    if (!focusRequest || busy) return;
    const element = formRef.current?.elements.namedItem(focusRequest.field);
    if (element instanceof HTMLElement) element.focus();
  }, [focusRequest, busy, formRef]);

  const send = submitWith(async (checked: FormValues) => {
    setFormError(null);
    try {
      const answer = await saveTag.mutateAsync({ id: editingId, input: toInput(checked, checked.name.trim()) });
      onSaved(answer);
    } catch (error) {
      const fields = isApiError(error) ? (error.fields as Partial<Record<FieldName, string>>) : {};
      showFieldErrors(Object.fromEntries(FIELD_ORDER.map((field) => [SERVER_NAMES[field], fields[field]])), { focus: false });
      setFormError(errorMessage(error, TAXONOMY_MESSAGES.tagFailed));
      const first = FIELD_ORDER.find((field) => fields[field]);
      if (first) setFocusRequest({ field: first });
    }
  });
  const submit = guardSubmit(send, busy, () => setFormError(null));

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
