import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_TITLES, TAXONOMY_TEXTS, type CategoryItem, type TagItem, type TagMutationResponse, MESSAGES_COMMON, MESSAGES_TAXONOMY } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { ConfirmDialog } from '../taxonomy/ConfirmDialog';
import { TagEditorModal, type TagEditorTarget } from '../taxonomy/TagEditorModal';
import { TagGroupSection } from '../taxonomy/TagGroupSection';
import { groupTagsByCategory } from '../taxonomy/tagGroups';
import { OperatorGate } from '../moderation/OperatorGate';

const t = TAXONOMY_TEXTS.tags;
const c = TAXONOMY_TEXTS.common;
const FAILED = MESSAGES_TAXONOMY.tagFailed;

/** /tag-manager: operators see tags by category and create, edit and delete them (docs/product.md §2). */
export function TagManagerPage() {
  return (
    <OperatorGate page={PAGE_TITLES.tagManager}>
      <TagManager />
    </OperatorGate>
  );
}

function TagManager() {
  const { taxonomy, categories: categoriesApi, tagsAdmin } = useApi();
  const [tags, setTags] = useState<TagItem[] | null>(null);
  const [categories, setCategories] = useState<CategoryItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [editor, setEditor] = useState<TagEditorTarget | null>(null);
  const [confirming, setConfirming] = useState<TagItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loadRun = useRef(0);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      loadRun.current += 1;
      const run = loadRun.current;
      setLoading(true);
      try {
        const [tagList, categoryList] = await Promise.all([taxonomy.tags(signal), categoriesApi.list(signal)]);
        if (run !== loadRun.current) return;
        setTags(tagList);
        setCategories(categoryList);
      } catch (error) {
        if (signal?.aborted || run !== loadRun.current) return;
        setAlert(errorMessage(error, FAILED));
      } finally {
        if (run === loadRun.current) setLoading(false);
      }
    },
    [taxonomy, categoriesApi],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const groups = useMemo(() => groupTagsByCategory(tags ?? [], categories, t.unclassified), [tags, categories]);

  const report = (outcome: { error?: string; status?: string }) => {
    setAlert(outcome.error ?? null);
    setStatus(outcome.status ?? null);
  };

  const openEditor = (target: TagEditorTarget) => {
    report({});
    setEditor(target);
  };

  const saved = (answer: TagMutationResponse) => {
    setTags((list) => {
      const others = (list ?? []).filter((tag) => tag._id !== answer.tag._id);
      return [...others, answer.tag];
    });
    setEditor(null);
    report({ status: answer.message });
  };

  const remove = async (tag: TagItem) => {
    setDeleting(true);
    try {
      const answer = await tagsAdmin.remove(tag._id);
      // Children of a deleted tag lose their parent on the server; reading the list again shows that.
      setConfirming(null);
      report({ status: answer.message });
      headingRef.current?.focus();
      void load();
    } catch (error) {
      setConfirming(null);
      report({ error: errorMessage(error, FAILED) });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="page taxonomy-page">
      <PageTitle page={PAGE_TITLES.tagManager} />
      <div className="taxonomy-page__header">
        <h1 ref={headingRef} tabIndex={-1} className="page__title">
          {PAGE_TITLES.tagManager}
        </h1>
        <div className="taxonomy-page__tools">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              report({});
              void load();
            }}
            disabled={loading}
          >
            {loading ? MESSAGES_COMMON.loading : c.refresh}
          </button>
          <button type="button" className="button button--primary button--small" onClick={() => openEditor({ mode: 'create', categoryId: null })} disabled={!tags}>
            {t.newTag}
          </button>
        </div>
      </div>
      <p className="page__lead">{t.lead}</p>
      <FormAlert message={alert} />
      <FormStatus message={status} />

      {tags === null ? (
        loading && <p role="status">{MESSAGES_COMMON.loading}</p>
      ) : (
        <div className="tag-groups" aria-busy={loading}>
          {groups.map((group) => (
            <TagGroupSection
              key={group.categoryId ?? 'unclassified'}
              group={group}
              allTags={tags}
              onAdd={() => openEditor({ mode: 'create', categoryId: group.categoryId })}
              onEdit={(tag) => openEditor({ mode: 'edit', tag })}
              onDelete={(tag) => {
                report({});
                setConfirming(tag);
              }}
            />
          ))}
        </div>
      )}

      {editor && <TagEditorModal target={editor} groups={groups} categories={categories} onSaved={saved} onClose={() => setEditor(null)} />}
      {confirming && (
        <ConfirmDialog message={t.deleteConfirm(confirming.name)} busy={deleting} onConfirm={() => void remove(confirming)} onCancel={() => setConfirming(null)} />
      )}
    </div>
  );
}
