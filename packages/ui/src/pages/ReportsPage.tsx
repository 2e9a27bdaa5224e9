import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_SORT, FEED_SORT_OPTIONS, FOLLOWING_FEED_TEXTS, LIMITS, COMMON_TEXTS, PAGE_TITLES, REPORT_LIST_TEXTS } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { FormAlert } from '../components/forms';
import { LoadMoreSentinel } from '../reports/LoadMoreSentinel';
import { ReportCard, ReportCardPlaceholder } from '../reports/ReportCard';
import { useInfiniteReports } from '../reports/useInfiniteReports';
import { usePopularKeywords } from '../reports/usePopularKeywords';
import { isSortOption, useSortOption } from '../reports/useSortOption';
import { searchResultsPath } from '../routes/paths';
import { CardSaveButton } from '../reports/CardButtons';

const t = REPORT_LIST_TEXTS;

function ListSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchResultsPath(text);
    if (path) navigate(path);
    else inputRef.current?.focus();
  };
  return (
    <form role="search" aria-label={t.searchLabel} className="list-search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t.searchLabel}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        name="query"
        className="field__input list-search__input"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={LIMITS.searchQueryMax}
        placeholder={t.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button--primary list-search__submit">
        {t.searchButton}
      </button>
    </form>
  );
}

function PopularKeywords() {
  const { words, loaded } = usePopularKeywords();
  const headingId = useId();
  return (
    <section className="popular-keywords" aria-labelledby={headingId}>
      <h2 id={headingId} className="popular-keywords__heading">
        {t.popularKeywords}
      </h2>
      {/* A new list when the loaded words replace the stand-ins: a word in both lists at another place
          would otherwise be the same element moved sideways, a layout shift (the bench saw 0.0002). */}
      <ul key={loaded ? 'loaded' : 'stand-in'} className="popular-keywords__list">
        {words.map((word) => {
          const path = searchResultsPath(word);
          return path ? (
            <li key={word}>
              <Link to={path} className="keyword-chip" aria-label={t.popularKeywordSearch(word)}>
                {word}
              </Link>
            </li>
          ) : null;
        })}
      </ul>
    </section>
  );
}

export function ReportsPage() {
  const { sort, setSort, resetSort } = useSortOption();
  const feed = useInfiniteReports(sort);
  const sortId = useId();
  const listId = useId();
  const empty = feed.done && feed.reports.length === 0 && !feed.error;

  return (
    <div className="page page--wide reports-page">
      <PageTitle page={PAGE_TITLES.reports} />
      <h1 className="page__title">{t.heading}</h1>
      <ListSearch />
      <PopularKeywords />

      <div className="list-toolbar">
        <label htmlFor={sortId} className="list-toolbar__label">
          {t.sortLabel}
        </label>
        <select
          id={sortId}
          name="sort"
          className="field__input list-toolbar__select"
          value={sort}
          onChange={(event) => {
            if (isSortOption(event.target.value)) setSort(event.target.value);
          }}
        >
          {FEED_SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option === 'following' ? FOLLOWING_FEED_TEXTS.followingTab : t.sortOptions[option]}
            </option>
          ))}
        </select>
        <button type="button" className="button button--ghost list-toolbar__reset" onClick={resetSort} disabled={sort === DEFAULT_SORT}>
          {t.sortReset}
        </button>
      </div>

      <h2 id={listId} className="visually-hidden">
        {t.cards}
      </h2>
      <ul className="report-grid" aria-labelledby={listId} aria-busy={feed.loading}>
        {feed.reports.map((report) => (
          <li key={report._id}>
            <ReportCard report={report} actions={<CardSaveButton reportId={report._id} />} followAuthor />
          </li>
        ))}
        {feed.loading &&
          feed.reports.length === 0 &&
          Array.from({ length: LIMITS.pageSize }, (_, index) => (
            <li key={`placeholder-${index}`} aria-hidden="true">
              <ReportCardPlaceholder />
            </li>
          ))}
      </ul>

      <LoadMoreSentinel onVisible={feed.loadMore} busy={feed.loading} active={!feed.done && !feed.error} />
      <div className="list-footer">
        <div role="status">
          {feed.loading && <p className="list-footer__loading">{COMMON_TEXTS.loading}</p>}
          {empty && <p>{sort === 'following' ? FOLLOWING_FEED_TEXTS.followingEmpty : t.empty}</p>}
          {feed.done && !empty && <p className="list-footer__end">{REPORT_LIST_TEXTS.allLoaded}</p>}
        </div>
        <FormAlert message={feed.error} />
        {feed.error && (
          <button type="button" className="button button--ghost" onClick={feed.retry}>
            {t.retry}
          </button>
        )}
        {!feed.done && !feed.loading && !feed.error && feed.reports.length > 0 && (
          // For keyboards and for browsers without IntersectionObserver.
          <button type="button" className="button button--text list-footer__more" onClick={feed.loadMore}>
            {t.loadMore}
          </button>
        )}
      </div>
    </div>
  );
}
