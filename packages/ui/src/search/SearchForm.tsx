import { useId, useState, type FormEvent } from 'react';
import { LIMITS, SEARCH_TEXTS } from '@hiraku/shared';
import { IconSearch } from '../components/icons';

/** The results page's own search box, prefilled with the words being shown. Key it by the query. `label` names another search (/saved). */
export function SearchForm({ initialQuery, onSearch, label = SEARCH_TEXTS.queryLabel }: { initialQuery: string; onSearch: (query: string) => void; label?: string }) {
  const [text, setText] = useState(initialQuery);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(Array.from(text.trim()).slice(0, LIMITS.searchQueryMax).join(''));
  };
  return (
    <form role="search" className="search-form" onSubmit={submit} aria-label={label}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="search-form__row">
        <input
          id={id}
          className="field__input search-form__input"
          type="search"
          name="query"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={LIMITS.searchQueryMax}
          placeholder={SEARCH_TEXTS.placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary search-form__submit">
          <IconSearch />
          {SEARCH_TEXTS.submit}
        </button>
      </div>
    </form>
  );
}
