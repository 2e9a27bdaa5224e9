import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIMITS, PAGE_TITLES, TAXONOMY_TEXTS, type CategoryItem, COMMON_TEXTS, TAXONOMY_MESSAGES } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, TextField, guardSubmit, useSchemaForm, type FieldErrors } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';
import { CategoryRow } from '../taxonomy/CategoryRow';
import { ConfirmDialog } from '../taxonomy/ConfirmDialog';
import { CATEGORIES_QUERY_KEY, TAGS_QUERY_KEY } from '../taxonomy/useTags';
import { OperatorGate } from '../moderation/OperatorGate';

const t = TAXONOMY_TEXTS.categories;
const c = TAXONOMY_TEXTS.common;
const FAILED = TAXONOMY_MESSAGES.failed;

interface AddValues {
  categoryName: string;
}
const ADD_ORDER = ['categoryName'] as const;

function checkAdd({ categoryName }: AddValues): FieldErrors {
  return categoryName.trim() ? {} : { categoryName: TAXONOMY_MESSAGES.categoryNameRequired };
}

/** The category manager's writes: add, rename, delete. */
function useCategoryWrites() {
  const { categories: api } = useApi();
  return {
    create: useMutation({ mutationFn: (input: { name: string; level: number; order: number }) => api.create(input) }),
    rename: useMutation({ mutationFn: ({ id, name }: { id: number; name: string }) => api.update(id, { name }) }),
    remove: useMutation({ mutationFn: (id: number) => api.remove(id) }),
  };
}

function byOrder(a: CategoryItem, b: CategoryItem): number {
  return a.order - b.order || a._id - b._id;
}

/** /category-manager: operators list, rename, add and delete categories (docs/product.md §2). */
export function CategoryManagerPage() {
  return (
    <OperatorGate page={PAGE_TITLES.categoryManager}>
      <CategoryManager />
    </OperatorGate>
  );
}

function CategoryManager() {
  const writes = useCategoryWrites();
  const queryClient = useQueryClient();
  const list = useEndpointQuery('categories.list', undefined, { select: (items) => [...items].sort(byOrder) });
  const categories = list.data ?? null;
  const loading = list.isFetching;
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<CategoryItem | null>(null);
  const [rowFailure, setRowFailure] = useState<{ id: number; message: string } | null>(null);
  const addForm = useSchemaForm<AddValues>({ defaultValues: { categoryName: '' }, check: checkAdd, order: ADD_ORDER });
  const adding = writes.create.isPending;
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const loadError = list.isFetching ? null : list.error;
  useEffect(() => {
    if (loadError) setAlert(errorMessage(loadError, FAILED));
  }, [loadError]);

  /** Changes the cached list by the server's answer; tags carry their category's name, so they are read again. */
  const setCategories = (change: (items: CategoryItem[]) => CategoryItem[]) => {
    queryClient.setQueryData<CategoryItem[]>(CATEGORIES_QUERY_KEY, (items) => change(items ?? []));
    void queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
  };

  const report = (outcome: { error?: string; status?: string; rowFailure?: { id: number; message: string } }) => {
    setAlert(outcome.error ?? null);
    setStatus(outcome.status ?? null);
    setRowFailure(outcome.rowFailure ?? null);
  };

  const refresh = () => {
    report({});
    setEditingId(null);
    void list.refetch();
  };

  const send = addForm.submitWith(async ({ categoryName }: AddValues) => {
    if (!categories) return;
    try {
      // docs/product.md §5: a new category is level 1 and goes after the others.
      const saved = await writes.create.mutateAsync({ name: categoryName.trim(), level: 1, order: categories.length + 1 });
      setCategories((items) => [...items, saved.category]);
      addForm.form.reset({ categoryName: '' });
      report({ status: saved.message });
    } catch (error) {
      report({ error: errorMessage(error, FAILED) });
    }
  });
  const add = guardSubmit(send, adding || categories === null);

  const rename = async (category: CategoryItem, name: string): Promise<boolean> => {
    setBusyId(category._id);
    try {
      const saved = await writes.rename.mutateAsync({ id: category._id, name });
      setCategories((items) => items.map((item) => (item._id === category._id ? saved.category : item)));
      setEditingId(null);
      report({ status: saved.message });
      return true;
    } catch (error) {
      report({ rowFailure: { id: category._id, message: errorMessage(error, FAILED) } });
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (category: CategoryItem) => {
    setBusyId(category._id);
    try {
      const answer = await writes.remove.mutateAsync(category._id);
      setCategories((items) => items.filter((item) => item._id !== category._id));
      setConfirming(null);
      report({ status: answer.message });
      // The row and its buttons are gone: continue from the list heading.
      listHeadingRef.current?.focus();
    } catch (error) {
      setConfirming(null);
      // A system category is refused with its own reason (systemCategoryLocked), shown on its row.
      report({ rowFailure: { id: category._id, message: errorMessage(error, FAILED) } });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="page taxonomy-page">
      <PageTitle page={PAGE_TITLES.categoryManager} />
      <div className="taxonomy-page__header">
        <h1 className="page__title">{PAGE_TITLES.categoryManager}</h1>
        <button type="button" className="button button--ghost button--small" onClick={refresh} disabled={loading}>
          {loading ? COMMON_TEXTS.loading : c.refresh}
        </button>
      </div>
      <p className="page__lead">{t.lead}</p>
      <FormAlert message={alert} />
      <FormStatus message={status} />

      <section className="taxonomy-card" aria-labelledby="category-add-heading">
        <h2 id="category-add-heading" className="taxonomy-card__title">
          {t.addHeading}
        </h2>
        <form ref={addForm.formRef} className="taxonomy-add" onSubmit={add} noValidate>
          <TextField
            label={t.addLabel}
            name="categoryName"
            value={addForm.values.categoryName}
            onChange={(value) => addForm.setField('categoryName', value)}
            error={addForm.errors.categoryName}
            required
            maxLength={LIMITS.categoryNameMax}
            disabled={adding}
          />
          <button type="submit" className="button button--primary taxonomy-add__submit" disabled={adding || !categories}>
            {adding ? COMMON_TEXTS.processing : t.add}
          </button>
        </form>
      </section>

      <h2 ref={listHeadingRef} tabIndex={-1} className="section-heading">
        {t.listLabel}
      </h2>
      {categories === null ? (
        loading && <p role="status">{COMMON_TEXTS.loading}</p>
      ) : categories.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="taxonomy-list" aria-busy={loading}>
          {categories.map((category) => (
            <CategoryRow
              key={category._id}
              category={category}
              editing={editingId === category._id}
              busy={busyId === category._id}
              failure={rowFailure?.id === category._id ? rowFailure.message : null}
              onStartRename={() => {
                report({});
                setEditingId(category._id);
              }}
              onCancelRename={() => {
                setRowFailure(null);
                setEditingId(null);
              }}
              onRename={(name) => rename(category, name)}
              onDelete={() => {
                report({});
                setConfirming(category);
              }}
            />
          ))}
        </ul>
      )}

      {confirming && (
        <ConfirmDialog
          message={t.deleteConfirm(confirming.name)}
          busy={busyId === confirming._id}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
