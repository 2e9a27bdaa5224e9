import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS, SHELL_TEXTS } from '@hiraku/shared';
import { IconSearch } from '../components/icons';
import { searchResultsPath } from '../routes/paths';

export function HeaderSearch({ initialQuery }: { initialQuery: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchResultsPath(text);
    if (path) navigate(path);
    else inputRef.current?.focus();
  };

  return (
    <form role="search" className="header-search" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="visually-hidden">
        {SHELL_TEXTS.search.label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="header-search__input"
        type="search"
        name="query"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={LIMITS.searchQueryMax}
        placeholder={SHELL_TEXTS.search.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="header-search__submit">
        <IconSearch />
        <span className="visually-hidden">{SHELL_TEXTS.search.submit}</span>
      </button>
    </form>
  );
}
