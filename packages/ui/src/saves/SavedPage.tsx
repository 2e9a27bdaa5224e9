import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS, PAGE_TITLES, SAVES_MESSAGES, SAVES_TEXTS, SEARCH_TEXTS, type CollectionItem, type ReportListItem } from '@hiraku/shared';
import { errorMessage } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { PageTitle } from '../components/PageTitle';
import { usePlatform } from '../platform/PlatformContext';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { useCursorList } from '../query/useCursorList';
import { ReportCard } from '../reports/ReportCard';
import { PATHS } from '../routes/paths';
import { SearchFilterPanel } from '../search/SearchFilterPanel';
import { SearchForm } from '../search/SearchForm';
import { activeFilterCount, searchParamsFromState, searchStateFromParams, type SearchState } from '../search/searchState';
import { useFilterTags } from '../search/useFilterTags';
import { useSearchResults } from '../search/useSearchResults';
import { CollectionPicker } from './CollectionPicker';
import { SaveButton } from './SaveButton';
import { invalidateSavedLists } from './saveQueries';

const t = SAVES_TEXTS;

/** `/saved`, `/saved?c=12` (a collection), `/saved?query=縄` (search inside the saves): the address holds it all. */
function savedPath(state: SearchState, collectionId: number | null): string {
  const params = searchParamsFromState(state);
  if (collectionId !== null) params.set('c', String(collectionId));
  const search = params.toString();
  return search ? `${PATHS.saved}?${search}` : PATHS.saved;
}

/**
 * 保存済み: the member's saves newest first, their collections, and search inside what they
 * saved with the words and filters of /reports. Only the member ever sees any of it.
 */
export function SavedPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => searchStateFromParams(params), [params]);
  const collectionParam = Number(params.get('c'));
  const collectionId = Number.isSafeInteger(collectionParam) && collectionParam > 0 ? collectionParam : null;
  const searching = state.query !== '' || activeFilterCount(state.filters) > 0;
  const filterTags = useFilterTags();
  const collections = useEndpointQuery('collections.list');
  const current = collections.data?.collections.find((c) => c.id === collectionId) ?? null;

  return (
    <div className="page page--wide saved-page">
      <PageTitle page={PAGE_TITLES.saved} />
      <h1 className="page__title">{PAGE_TITLES.saved}</h1>
      <p className="saved-page__privacy">{t.privacyNote}</p>
      <div className="saved-page__layout">
        <CollectionsPanel collections={collections.data?.collections} currentId={collectionId} />
        <div className="saved-page__main">
          <section aria-labelledby="saved-search-heading" className="saved-page__search">
            <h2 id="saved-search-heading" className="saved-page__heading">
              {t.searchHeading}
            </h2>
            <SearchForm key={state.query} initialQuery={state.query} label={t.searchLabel} onSearch={(query) => navigate(savedPath({ ...state, query }, null))} />
            <SearchFilterPanel state={state} filterTags={filterTags} onChange={(next) => navigate(savedPath(next, null))} />
            {searching && (
              <p>
                <Link to={PATHS.saved}>{t.clearSearch}</Link>
              </p>
            )}
          </section>
          {searching ? (
            <SavedSearchResults state={state} />
          ) : current ? (
            <CollectionReports key={current.id} collection={current} />
          ) : (
            <AllSaves />
          )}
        </div>
      </div>
    </div>
  );
}

/** The cards of a list, each with its collection picker. */
function SavedGrid({ reports, label }: { reports: readonly ReportListItem[]; label: string }) {
  return (
    <ul className="report-grid saved-page__grid" aria-label={label}>
      {reports.map((report) => (
        <li key={report._id} className="saved-page__item">
          <ReportCard report={report} actions={<SaveButton reportId={report._id} />} />
          <CollectionPicker reportId={report._id} />
        </li>
      ))}
    </ul>
  );
}

type CursorList = ReturnType<typeof useCursorList<{ items: ReportListItem[]; nextCursor: string | null }>>;

function ListFooter({ list }: { list: CursorList }) {
  return (
    <div className="saved-page__footer">
      <div role="alert">{list.error && <p className="form-problem">{list.error}</p>}</div>
      {list.loading && <p role="status">{t.loading}</p>}
      {!list.done && !list.loading && !list.error && (
        <button type="button" className="button button--ghost" onClick={list.loadMore}>
          {t.loadMore}
        </button>
      )}
      {!list.done && <div ref={list.sentinel} aria-hidden="true" className="saved-page__sentinel" />}
    </div>
  );
}

function useSavedList<K extends 'saves.list' | 'collections.reports'>(key: K, collectionId: number | null) {
  const { call } = useApi();
  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      const query = { limit: String(LIMITS.savedPageSize), ...(cursor ? { cursor } : {}) };
      const page =
        collectionId === null ? await call('saves.list', { query }, { signal }) : await call('collections.reports', { params: { id: collectionId }, query }, { signal });
      return { items: page.data, nextCursor: page.hasMore ? page.nextKey : null };
    },
    [call, collectionId],
  );
  const queryKey = useMemo(() => (collectionId === null ? endpointQueryKey('saves.list') : [key, collectionId]), [key, collectionId]);
  return useCursorList(queryKey, fetchPage, t.loadFailed);
}

function AllSaves() {
  const list = useSavedList('saves.list', null);
  return (
    <section aria-labelledby="saved-all-heading">
      <h2 id="saved-all-heading" className="saved-page__heading">
        {t.allSaves}
      </h2>
      {list.done && list.items.length === 0 && !list.error && <p className="saved-page__empty">{t.empty}</p>}
      {list.items.length > 0 && <SavedGrid reports={list.items} label={t.allSaves} />}
      <ListFooter list={list} />
    </section>
  );
}

function CollectionReports({ collection }: { collection: CollectionItem }) {
  const list = useSavedList('collections.reports', collection.id);
  return (
    <section aria-labelledby="saved-collection-heading">
      <h2 id="saved-collection-heading" className="saved-page__heading">
        {collection.name}
      </h2>
      <CollectionActions collection={collection} />
      {list.done && list.items.length === 0 && !list.error && <p className="saved-page__empty">{t.emptyCollection}</p>}
      {list.items.length > 0 && <SavedGrid reports={list.items} label={collection.name} />}
      <ListFooter list={list} />
    </section>
  );
}

function SavedSearchResults({ state }: { state: SearchState }) {
  const results = useSearchResults(state, 'saves.search');
  return (
    <section aria-labelledby="saved-results-heading">
      <h2 id="saved-results-heading" className="saved-page__heading">
        {SEARCH_TEXTS.resultsLabel}
      </h2>
      <div role="status">{results.total !== null && results.total > 0 ? t.resultCount(results.total) : results.loading ? t.loading : null}</div>
      <div role="alert">{results.error && <p className="form-problem">{results.error}</p>}</div>
      {results.notice && <p>{results.notice}</p>}
      {results.total === 0 && !results.error && <p className="saved-page__empty">{t.noResults}</p>}
      {results.reports.length > 0 && <SavedGrid reports={results.reports} label={SEARCH_TEXTS.resultsLabel} />}
      {results.hasMore && (
        <button type="button" className="button button--ghost" onClick={results.loadMore} disabled={results.loading}>
          {t.loadMore}
        </button>
      )}
    </section>
  );
}

/** A write about collections, with its Japanese answer or problem shown where the member acted. */
function useCollectionWrite<T, R extends { message: string }>(write: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => invalidateSavedLists(queryClient) });
}

function CollectionsPanel({ collections, currentId }: { collections: readonly CollectionItem[] | undefined; currentId: number | null }) {
  const { call } = useApi();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const nameId = useId();
  const create = useCollectionWrite((input: string) => call('collections.create', { body: { name: input } }));
  const reorder = useCollectionWrite((ids: number[]) => call('collections.reorder', { body: { ids } }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (answer) => {
        setName('');
        navigate(`${PATHS.saved}?c=${answer.collection.id}`);
      },
    });
  };
  const move = (index: number, by: -1 | 1) => {
    if (!collections) return;
    const ids = collections.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };
  const problem = create.isError ? errorMessage(create.error, SAVES_MESSAGES.failed) : reorder.isError ? errorMessage(reorder.error, SAVES_MESSAGES.failed) : null;
  return (
    <nav className="saved-collections" aria-labelledby="saved-collections-heading">
      <h2 id="saved-collections-heading" className="saved-page__heading">
        {t.collections}
      </h2>
      <ul className="saved-collections__list">
        <li>
          <Link to={PATHS.saved} aria-current={currentId === null ? 'page' : undefined} className="saved-collections__link">
            {t.allSaves}
          </Link>
        </li>
        {collections?.map((collection, index) => (
          <li key={collection.id} className="saved-collections__item">
            <Link to={`${PATHS.saved}?c=${collection.id}`} aria-current={currentId === collection.id ? 'page' : undefined} className="saved-collections__link">
              {collection.name}
              <span className="saved-collections__count">{t.reportCount(collection.reportCount)}</span>
            </Link>
            <span className="saved-collections__moves">
              <button type="button" className="button button--ghost button--small" aria-label={t.moveUp(collection.name)} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t.moveDown(collection.name)}
                disabled={index === collections.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ul>
      {collections?.length === 0 && <p>{t.noCollections}</p>}
      <form className="saved-collections__create" onSubmit={submit}>
        <label htmlFor={nameId} className="field__label">
          {t.newCollection}
        </label>
        <div className="saved-collections__row">
          <input id={nameId} className="field__input" value={name} maxLength={LIMITS.collectionNameMax} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {t.create}
          </button>
        </div>
      </form>
      <p role="alert" className="saved-collections__alert">
        {problem}
      </p>
    </nav>
  );
}

function CollectionActions({ collection }: { collection: CollectionItem }) {
  const { call } = useApi();
  const platform = usePlatform();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(collection.name);
  const nameId = useId();
  const rename = useCollectionWrite((input: string) => call('collections.rename', { params: { id: collection.id }, body: { name: input } }));
  const remove = useCollectionWrite(() => call('collections.remove', { params: { id: collection.id } }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate(name, { onSuccess: () => setEditing(false) });
  };
  const confirmRemove = async () => {
    if (await platform.confirm(t.confirmDelete(collection.name))) remove.mutate(undefined, { onSuccess: () => navigate(PATHS.saved) });
  };
  const problem = rename.isError ? errorMessage(rename.error, SAVES_MESSAGES.failed) : remove.isError ? errorMessage(remove.error, SAVES_MESSAGES.failed) : null;
  return (
    <div className="saved-page__actions">
      {editing ? (
        <form onSubmit={submit} className="saved-collections__row">
          <label htmlFor={nameId} className="visually-hidden">
            {t.collectionName}
          </label>
          <input id={nameId} className="field__input" value={name} maxLength={LIMITS.collectionNameMax} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary button--small" disabled={rename.isPending}>
            {t.renameSave}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => setEditing(false)}>
            {t.cancel}
          </button>
        </form>
      ) : (
        <>
          <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)}>
            {t.rename}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => void confirmRemove()} disabled={remove.isPending}>
            {t.deleteCollection}
          </button>
        </>
      )}
      <p role="alert">{problem}</p>
    </div>
  );
}
