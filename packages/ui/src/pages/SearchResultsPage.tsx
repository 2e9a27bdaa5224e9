import { useEffect, useId, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COMMON_TEXTS, PAGE_TITLES, REPORT_LIST_TEXTS, SEARCH_MESSAGES, SEARCH_TEXTS } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { ReportCard } from '../reports/ReportCard';
import { CardSaveButton } from '../reports/CardButtons';
import { SearchFilterPanel } from '../search/SearchFilterPanel';
import { SearchForm } from '../search/SearchForm';
import { dropUnknownFilters, searchStateFromParams, searchStatePath, type SearchState } from '../search/searchState';
import { useFilterTags } from '../search/useFilterTags';
import { useSearchResults } from '../search/useSearchResults';

/** /search-results?query=...: words, tag filters and sort all live in the address (docs/product.md §2). */
export function SearchResultsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => searchStateFromParams(params), [params]);
  const results = useSearchResults(state);
  const filterTags = useFilterTags();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  /** Where the cards of the page asked for with もっと見る start, so the focus can go to the first of them. */
  const focusFrom = useRef<number | null>(null);

  const search = (next: SearchState) => navigate(searchStatePath(next));

  // A link may carry a tag that has been deleted since: drop it rather than show a filter no select can show.
  useEffect(() => {
    if (!filterTags.tags) return;
    const cleaned = dropUnknownFilters(state, filterTags.tags);
    if (cleaned) navigate(searchStatePath(cleaned), { replace: true });
  }, [filterTags.tags, state, navigate]);
  const loadedCount = results.reports.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loadedCount <= from) return;
    focusFrom.current = null;
    // The button may have gone (last page): without this the focus would fall back to the top of the page.
    listRef.current?.children[from]?.querySelector('a')?.focus();
  }, [loadedCount]);

  const loadMore = () => {
    focusFrom.current = loadedCount;
    results.loadMore();
  };

  const heading = state.query ? SEARCH_TEXTS.heading(state.query) : SEARCH_TEXTS.headingAll;
  const firstLoad = results.total === null && results.loading;

  return (
    <div className="page page--wide search-page">
      <PageTitle page={state.query ? heading : PAGE_TITLES.searchResults} />
      <h1 className="page__title">{heading}</h1>
      <div className="search-page__controls">
        <SearchForm key={state.query} initialQuery={state.query} onSearch={(query) => search({ ...state, query })} />
        <SearchFilterPanel state={state} filterTags={filterTags} onChange={search} />
      </div>

      <div role="status" className="search-page__summary">
        {firstLoad ? COMMON_TEXTS.loading : results.total !== null && results.total > 0 ? SEARCH_TEXTS.total(results.total) : null}
      </div>
      <div role="alert" className="form-alert-region">
        {results.error && (
          <div className="form-problem search-page__error">
            <p>{results.error}</p>
            <button type="button" className="button button--ghost button--small" onClick={results.retry} disabled={results.loading}>
              {REPORT_LIST_TEXTS.retry}
            </button>
          </div>
        )}
      </div>
      {results.notice && <p className="search-page__notice">{results.notice}</p>}
      {results.total === 0 && !results.error && <p className="search-page__empty">{SEARCH_MESSAGES.noResults}</p>}

      {results.reports.length > 0 && (
        <>
          <h2 id={listId} className="visually-hidden">
            {SEARCH_TEXTS.resultsLabel}
          </h2>
          <ul ref={listRef} className="report-grid" aria-labelledby={listId} aria-busy={results.loading}>
            {results.reports.map((report) => (
              <li key={report._id}>
                <ReportCard report={report} actions={<CardSaveButton reportId={report._id} />} followAuthor />
              </li>
            ))}
          </ul>
        </>
      )}

      {results.hasMore && (
        <p className="search-page__more">
          <button type="button" className="button button--ghost" onClick={loadMore} disabled={results.loading}>
            {results.loading ? COMMON_TEXTS.loading : SEARCH_TEXTS.loadMore}
          </button>
        </p>
      )}
    </div>
  );
}
