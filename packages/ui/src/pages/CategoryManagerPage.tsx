import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS, PAGE_TITLES, TAXONOMY_TEXTS, type CategoryItem, MESSAGES_COMMON, MESSAGES_TAXONOMY } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus, TextField } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { CategoryRow } from '../taxonomy/CategoryRow';
import { ConfirmDialog } from '../taxonomy/ConfirmDialog';
import { OperatorGate } from '../moderation/OperatorGate';

const t = TAXONOMY_TEXTS.categories;
const c = TAXONOMY_TEXTS.common;
const FAILED = MESSAGES_TAXONOMY.failed;

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
  const { categories: api } = useApi();
  const [categories, setCategories] = useState<CategoryItem[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<CategoryItem | null>(null);
  const [rowFailure, setRowFailure] = useState<{ id: number; message: string } | null>(null);
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const addFormRef = useRef<HTMLFormElement>(null);
  const loadRun = useRef(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      loadRun.current += 1;
      const run = loadRun.current;
      setLoading(true);
      try {
        const list = await api.list(signal);
        if (run === loadRun.current) setCategories([...list].sort(byOrder));
      } catch (error) {
        if (signal?.aborted || run !== loadRun.current) return;
        setAlert(errorMessage(error, FAILED));
      } finally {
        if (run === loadRun.current) setLoading(false);
      }
    },
    [api],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const report = (outcome: { error?: string; status?: string; rowFailure?: { id: number; message: string } }) => {
    setAlert(outcome.error ?? null);
    setStatus(outcome.status ?? null);
    setRowFailure(outcome.rowFailure ?? null);
  };

  const refresh = () => {
    report({});
    setEditingId(null);
    void load();
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adding || !categories) return;
    const name = newName.trim();
    if (!name) {
      setNewNameError(MESSAGES_TAXONOMY.categoryNameRequired);
      const input = addFormRef.current?.elements.namedItem('categoryName');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setNewNameError(undefined);
    setAdding(true);
    try {
      // docs/product.md §5: a new category is level 1 and goes after the others.
      const saved = await api.create({ name, level: 1, order: categories.length + 1 });
      setCategories((list) => [...(list ?? []), saved.category].sort(byOrder));
      setNewName('');
      report({ status: saved.message });
    } catch (error) {
      report({ error: errorMessage(error, FAILED) });
    } finally {
      setAdding(false);
    }
  };

  const rename = async (category: CategoryItem, name: string): Promise<boolean> => {
    setBusyId(category._id);
    try {
      const saved = await api.update(category._id, { name });
      setCategories((list) => (list ?? []).map((item) => (item._id === category._id ? saved.category : item)).sort(byOrder));
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
      const answer = await api.remove(category._id);
      setCategories((list) => (list ?? []).filter((item) => item._id !== category._id));
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
          {loading ? MESSAGES_COMMON.loading : c.refresh}
        </button>
      </div>
      <p className="page__lead">{t.lead}</p>
      <FormAlert message={alert} />
      <FormStatus message={status} />

      <section className="taxonomy-card" aria-labelledby="category-add-heading">
        <h2 id="category-add-heading" className="taxonomy-card__title">
          {t.addHeading}
        </h2>
        <form ref={addFormRef} className="taxonomy-add" onSubmit={add} noValidate>
          <TextField
            label={t.addLabel}
            name="categoryName"
            value={newName}
            onChange={setNewName}
            error={newNameError}
            required
            maxLength={LIMITS.categoryNameMax}
            disabled={adding}
          />
          <button type="submit" className="button button--primary taxonomy-add__submit" disabled={adding || !categories}>
            {adding ? MESSAGES_COMMON.processing : t.add}
          </button>
        </form>
      </section>

      <h2 ref={listHeadingRef} tabIndex={-1} className="section-heading">
        {t.listLabel}
      </h2>
      {categories === null ? (
        loading && <p role="status">{MESSAGES_COMMON.loading}</p>
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
