import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PAGE_TITLES, TAXONOMY_TEXTS, type TagItem, type TagMutationResponse, COMMON_TEXTS, TAXONOMY_MESSAGES } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { FormAlert, FormStatus } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { useEndpointQuery } from '../query/endpointQuery';
import { ConfirmDialog } from '../taxonomy/ConfirmDialog';
import { TagEditorModal, type TagEditorTarget } from '../taxonomy/TagEditorModal';
import { TagGroupSection } from '../taxonomy/TagGroupSection';
import { groupTagsByCategory } from '../taxonomy/tagGroups';
import { TAGS_QUERY_KEY, useTags } from '../taxonomy/useTags';
import { OperatorGate } from '../moderation/OperatorGate';

const t = TAXONOMY_TEXTS.tags;
const c = TAXONOMY_TEXTS.common;
const FAILED = TAXONOMY_MESSAGES.tagFailed;

/** /tag-manager: operators see tags by category and create, edit and delete them (docs/product.md §2). */
export function TagManagerPage() {
  return (
    <OperatorGate page={PAGE_TITLES.tagManager}>
      <TagManager />
    </OperatorGate>
  );
}

function TagManager() {
  const { tagsAdmin } = useApi();
  const queryClient = useQueryClient();
  const tagList = useTags();
  const categoryList = useEndpointQuery('categories.list');
  // Both or nothing: tags are grouped under the categories' names.
  const tags = tagList.data && categoryList.data ? tagList.data : null;
  const categories = useMemo(() => categoryList.data ?? [], [categoryList.data]);
  const loading = tagList.isFetching || categoryList.isFetching;
  const loadError = loading ? null : (tagList.error ?? categoryList.error);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [editor, setEditor] = useState<TagEditorTarget | null>(null);
  const [confirming, setConfirming] = useState<TagItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (loadError) setAlert(errorMessage(loadError, FAILED));
  }, [loadError]);

  const load = () => Promise.all([tagList.refetch(), categoryList.refetch()]);

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
    // Every screen that shows tags reads this list: the report form, the search filters, the profile form.
    queryClient.setQueryData<TagItem[]>(TAGS_QUERY_KEY, (list) => [...(list ?? []).filter((tag) => tag._id !== answer.tag._id), answer.tag]);
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
      void queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
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
            {loading ? COMMON_TEXTS.loading : c.refresh}
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
        loading && <p role="status">{COMMON_TEXTS.loading}</p>
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
